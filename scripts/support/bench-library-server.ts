// Where the library benchmarks' database lives, so that bench:wolfebot measures the very database
// bench:library generated: `bench_library` on DATABASE_URL's server, else on the embedded
// PostgreSQL in data/bench (port 54331), started here when it is not running.
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';

export const BENCH_LIBRARY_DATABASE = 'bench_library';

/** The server's URL (`baseUrl`), the benchmark database's (`url`), and `stop` for an embedded server started here. */
export async function benchLibraryServer() {
  const embedded = process.env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: 'data/bench', port: 54331, log: (line) => console.log(line) });
  const baseUrl = process.env.DATABASE_URL ?? embedded!.url;
  const url = new URL(baseUrl);
  url.pathname = `/${BENCH_LIBRARY_DATABASE}`;
  return { baseUrl, url, stop: async () => embedded?.stop() };
}
