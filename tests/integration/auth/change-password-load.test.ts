// Issue 25 item 2(b): change-password must not let anyone with a session (or a stolen cookie and a
// guess at the password) stall the web process. Before the fix it estimated the new password's
// strength (1–2 s of main-thread CPU for a long one) before any length cap, attempt count or
// current-password check; 12 parallel requests with a wrong current password froze /healthz for
// seconds. Measured on the real server program: /healthz asked every 20 ms while the attack runs.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '../../../src/shared/constants.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { probeHealth } from '../../support/health-probe.ts';
import { freePort } from '../../support/ports.ts';
import { startTestRuntime } from '../../support/runtime.ts';
import { type ServerProcess, startServerProcess, until, untilStatus } from '../../support/server-process.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const PARALLEL = 12;
/** The attack sends waves of PARALLEL requests until /healthz was answered this often (or MAX_WAVES). */
const MIN_SAMPLES = 60;
const MAX_WAVES = 3;
/** A /healthz p99 this far over the idle one is a stalled event loop, not a busy machine. */
const STALL_MS = 1_000;

let rt: TestRuntime;
const processes: ServerProcess[] = [];
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});
afterEach(async () => {
  for (const p of processes.splice(0)) if (p.alive()) p.proc.kill('SIGKILL');
});

/** Long, strong-looking new passwords: at the length cap, and far over it. */
const strongLooking = (length: number) =>
  Array.from({ length }, (_, i) => 'Vq7#mZ2!kR9@xL4$tB8%wN3^pJ6&hD1*'[(i * 7 + Math.floor(i / 32)) % 32]).join('');

it('12 parallel change-password requests with a wrong current password do not stall /healthz (goal: p99 within 100 ms)', async () => {
  const user = await registerUser(rt);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const appUrl = `http://localhost:${port}`;
  const web = startServerProcess({
    ROLE: 'web',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    DATABASE_URL: testDatabaseUrl(),
    AUTH_SECRET: 'change-password-load-secret-change-password-load',
  });
  processes.push(web);
  await untilStatus(port, '/readyz', 200);

  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const attack = (newPassword: string) =>
    fetch(`${base}/api/auth/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl, cookie },
      body: JSON.stringify({ currentPassword: 'not-the-password-1', newPassword, revokeOtherSessions: true }),
    })
      .then(async (res) => ({ status: res.status, body: await res.text() }))
      .catch((err: Error) => ({ status: 0, body: String(err.cause ?? err) }));

  // Baseline: the same probes with no attack (other processes on the machine slow them too).
  const idle = probeHealth(port);
  await until('idle probes answered', async () => idle.answered() >= MIN_SAMPLES);
  const idleP99 = (await idle.stop()).p99;

  const health = probeHealth(port);
  // Half at the length cap (within it: only the attempt count and the current password stop
  // them), half far over it (refused before anything else).
  const answers: { status: number; body: string }[] = [];
  for (let wave = 0; wave < MAX_WAVES && health.answered() < MIN_SAMPLES; wave++) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => attack(strongLooking(i % 2 === 0 ? PASSWORD_MAX_LENGTH : 20 * PASSWORD_MAX_LENGTH))),
      )),
    );
  }
  const measured = await health.stop();
  const statuses = answers.map((a) => a.status).join(' ');
  console.info(
    `healthz idle: p99 ${idleP99.toFixed(1)} ms; under the change-password attack: ${JSON.stringify(measured)}; change-password answers ${statuses}`,
  );

  // Nothing succeeded, nothing failed on the server's side.
  for (const answer of answers) expect([400, 429], answer.body).toContain(answer.status);
  expect(measured.unanswered).toBe(0);
  expect(measured.statuses).toEqual([200]);
  // The goal is 100 ms, and the log line above shows the figure. The assertion guards against the
  // stall coming back (the unfixed code froze /healthz for seconds), not against this shared 2-core
  // machine's contention: 12 password checks run on its thread pool and take CPU from the event loop
  // too (CI once measured 240 ms with 117 ms idle), so the bound is STALL_MS over the idle p99.
  expect(measured.p99).toBeLessThan(STALL_MS + idleP99);

  // The password is unchanged and the session still works.
  const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie, origin: appUrl } });
  expect(((await session.json()) as { user?: { email: string } } | null)?.user?.email).toBe(user.email);
}, 120_000);
