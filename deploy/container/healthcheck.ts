// The image's HEALTHCHECK (Dockerfile): exit 0 when this container's process is ready, 1 otherwise,
// with one line saying why. A web process (ROLE web or all) is asked its /readyz, which answers 200
// only while the database is reachable and the process is not draining (README, Production). A
// worker serves no HTTP: it is ready while it reaches the database it takes its jobs from.
import pg from 'pg';

const TIMEOUT_MS = 4000;
const role = process.env.ROLE ?? 'all';

async function web(): Promise<string | undefined> {
  const port = process.env.PORT ?? '3000';
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
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
  const problem = await (role === 'worker' ? worker() : web());
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
