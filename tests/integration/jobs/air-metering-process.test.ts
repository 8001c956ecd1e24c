// The issue's figure on the real server program (ROLE=all: web and worker in one process, real
// sockets): how many failed AIR reports one signed-in user can run in a day. A failed report gives
// its credit back, so before issue 25 nothing stopped them (one user ran 29, 13 in 14 s); now the
// run after AIR_MAX_FAILED_PER_DAY (its default, 5) is refused with 429. The site the reports ask
// for refuses connections (ECONNREFUSED), and the page's failure text names neither it nor the port.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai.ts';
import { productModel } from '../../fakes/product-model.ts';
import { PASSWORD, registerUser, type TestRuntime } from '../../support/accounts.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../../support/database.ts';
import { freePort } from '../../support/ports.ts';
import { startTestRuntime } from '../../support/runtime.ts';
import { type ServerProcess, startServerProcess, until, untilStatus } from '../../support/server-process.ts';

/** The default of AIR_MAX_FAILED_PER_DAY (src/server/config.ts), which this server runs with. */
const DEFAULT_LIMIT = 5;
/** Runs the loop tries at most: "unbounded" is anything that reaches it. */
const TRIES = 30;
const APP_URL = 'http://localhost:3000';
const SECRET = 'air-metering-process-secret-air-metering-00';
const SOLUTION = 'Warehouse orchestration software; buyers are Supply Chain Operations and Finance leaders.';

let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let rt: TestRuntime;
let ai: FakeOpenAi;
let server: ServerProcess;
let port: number;
let closedPort: number;

beforeAll(async () => {
  database = await createFreshDatabase(requireDatabaseUrl(), 'eos_air_metering');
  ai = await startFakeOpenAi({ handler: productModel() });
  // Registration goes through the API in this process; the reports through the server program.
  rt = await startTestRuntime({ DATABASE_URL: database.url, AUTH_SECRET: SECRET, ROLE: 'web' });
  [port, closedPort] = await Promise.all([freePort(), freePort()]);
  server = startServerProcess({
    ROLE: 'all',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    APP_URL,
    AUTH_SECRET: SECRET,
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-air-model',
    PLAN_AIR_GENERATIONS: '3',
  });
  await untilStatus(port, '/readyz', 200).catch((err: Error) => {
    throw new Error(`${err.message}\n${server.output()}`);
  });
}, 120_000);
afterAll(async () => {
  if (server?.alive()) await server.stop();
  await rt?.close();
  await ai?.stop();
  await database?.drop();
});

/** A signed-in browser on the server's origin, over HTTP. */
async function signIn(email: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { origin: APP_URL, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, body: await answer.json() };
  };
}

it('one user can run AIR_MAX_FAILED_PER_DAY failed reports a day (starts and retries), then 429', async () => {
  const { email } = await registerUser(rt);
  const api = await signIn(email);
  const website = `http://127.0.0.1:${closedPort}/`;

  const startedAt = performance.now();
  let runs = 0;
  let last: string | null = null;
  const failures = new Set<string>();
  let refusal: { status: number; body: { error: { code: string; message: string } } } | null = null;
  while (runs < TRIES) {
    const res =
      last && runs % 2 === 1
        ? await api('POST', `/api/air/reports/${last}/retry`)
        : await api('POST', '/api/air/reports', { website, solution: SOLUTION });
    if (res.status !== 200 && res.status !== 201) {
      refusal = res;
      break;
    }
    last = res.body.report.id as string;
    const id = last;
    // The server's worker researches it and it fails at the site; the page shows why.
    const failed = await until(
      `report ${runs + 1} failed`,
      async () => {
        const { body } = await api('GET', `/api/air/reports/${id}`);
        return body.report.status === 'failed' ? body.report : null;
      },
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${server.output()}`);
    });
    failures.add(JSON.stringify(failed.failure));
    runs += 1;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  console.info(
    `failed AIR reports one user ran on the server program: ${runs}${refusal ? `, then ${refusal.status} ${refusal.body.error.code}` : ` (every one of ${TRIES} tried)`} in ${seconds.toFixed(1)} s`,
  );
  expect(runs).toBe(DEFAULT_LIMIT);
  expect([...failures]).toEqual([JSON.stringify({ step: 'company_enrichment', message: "the company's website could not be reached" })]);
  expect(refusal?.status).toBe(429);
  expect(refusal?.body.error.code).toBe('air_daily_limit');
  expect(refusal?.body.error.message).toMatch(
    /^5 of your report runs in the last 24 hours failed; that is the daily limit\. Try again in 24 hours\.$/,
  );
  // Every failure gave its credit back: only the daily limit held.
  expect((await api('GET', '/api/air')).body.credits).toMatchObject({ used: 0, remaining: 3 });
  expect(server.alive()).toBe(true);
}, 300_000);
