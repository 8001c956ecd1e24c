// Preloaded into the benches' worker processes (node --import): counts the SQL statements the
// process runs — every query node-postgres sends, a parameterised one (one Execute) or a simple one
// (one Query), its pools', drizzle's and pg-boss's alike — and writes the count to
// BENCH_STATEMENTS_FILE every second and when the process exits. Counted in the process: a proxy
// on the path (this replaced one) parsed every byte to PostgreSQL on the same cores, about 0.4 CPU
// ms per e-mail at the 9 AM burst, and added a hop to every round trip of the latency it measured.
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENTS_FILE;
if (file) {
  let statements = 0;
  const query = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: the patched method takes query's every overload as it is.
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    statements += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const write = () => writeFileSync(file, String(statements));
  setInterval(write, 1000).unref();
  process.on('exit', write);
}

/** The statements counted so far by the workers writing `files` (a missing file: none yet). */
export function countedStatements(files: string[]): number {
  let total = 0;
  for (const f of files) {
    try {
      total += Number(readFileSync(f, 'utf8')) || 0;
    } catch {
      // Not written yet: the worker has not run a second yet.
    }
  }
  return total;
}
