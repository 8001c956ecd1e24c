// The image's HEALTHCHECK (Dockerfile): exit 0 when this container's process is ready, 1 otherwise,
// with one line saying why. Every role is asked its /readyz, which answers 200 only while the
// database is reachable and the process is not draining: on the ops listener when METRICS_PORT is
// set (the worker's health endpoint; compose.yaml sets it), else a web process (ROLE web or all) on
// its app port. A worker without the ops listener is ready while it reaches its database.
import pg from 'pg';

const TIMEOUT_MS = 4000;
const role = process.env.ROLE ?? 'all';

async function readyz(port: string): Promise<string | undefined> {
  // The ops listener's own address, unless it listens on every address (then loopback reaches it).
  const configured = process.env.METRICS_PORT ? process.env.METRICS_HOST : undefined;
  const host = !configured || configured === '0.0.0.0' || configured === '::' ? '127.0.0.1' : configured;
  const response = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${port}/readyz`, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return response.ok ? undefined : `/readyz answered ${response.status}: ${await response.text()}`;
}

async function worker(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return 'DATABASE_URL is not set';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

try {
  const opsPort = process.env.METRICS_PORT;
  const problem = await (opsPort ? readyz(opsPort) : role === 'worker' ? worker() : readyz(process.env.PORT ?? '3000'));
  if (problem) {
    console.log(problem);
    process.exit(1);
  }
  console.log('ready');
} catch (err) {
  // Never the URL: it may hold a password.
  console.log(`not ready: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
