// SIGTERM drains the web process: readiness fails at once, every answer from then on ends its
// connection, idle connections close, and the process exits by SHUTDOWN_TIMEOUT_SECONDS without
// resetting a request it had taken in — proven on a real process under keep-alive load.
import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../../src/server/http/app.ts';
import type { TestRuntime } from '../../support/accounts.ts';
import { freePort } from '../../support/ports.ts';
import { startTestRuntime } from '../../support/runtime.ts';
import { type ServerProcess, startServerProcess, until, untilStatus } from '../../support/server-process.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

const DEADLINE_SECONDS = 5;
const LOOPS = 16;

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

type Outcome = { path: string; status?: number; error?: string };

function get(port: number, path: string, agent: http.Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ path, status: res.statusCode }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ path, error: `body: ${err.code ?? err.message}` }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ path, error: err.code ?? err.message }));
  });
}

/** Resolves with the connection error code ('ECONNREFUSED' when nothing listens), or 'connected'. */
function tryConnect(port: number) {
  return new Promise<string>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/** A sign-in whose headers are sent and taken in (100 Continue); `finish` sends the body and reads the whole answer. */
async function slowSignIn(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' });
  const socket = net.connect({ port, host: '127.0.0.1' });
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://localhost:${port}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await until('100 Continue', async () => received.startsWith('HTTP/1.1 100 Continue'), 5000);
  return {
    async finish() {
      socket.write(body);
      await ended;
      return received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    },
  };
}

it('the app answers readiness 503 while draining', async () => {
  const app = createApp({ ...rt, hub: rt.hub, webRoot: '/nonexistent', draining: () => true });
  const res = await app.request('/readyz');
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ status: 'draining', error: { code: 'shutting_down', message: 'The server is shutting down.' } });
});

it('SIGTERM under keep-alive load: connections close, nothing taken in is reset, exit 0 before the deadline', async () => {
  const port = await freePort();
  const web = startServerProcess({
    ROLE: 'web',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: testDatabaseUrl(),
    AUTH_SECRET: 'shutdown-test-secret-shutdown-test-secret-00',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_SECONDS: String(DEADLINE_SECONDS),
  });
  processes.push(web);
  await untilStatus(port, '/readyz', 200);

  const agent = new http.Agent({ keepAlive: true, maxSockets: LOOPS });
  const outcomes: Outcome[] = [];
  let gone = false;
  // Each loop sends its next request as soon as the last is answered, until nothing listens.
  const loop = async (path: string) => {
    while (!gone) {
      const outcome = await get(port, path, agent);
      outcomes.push(outcome);
      if (outcome.error === 'ECONNREFUSED') return;
    }
  };
  const loops = Array.from({ length: LOOPS }, () => loop('/api/config'));
  while (outcomes.length < 500) await new Promise((resolve) => setTimeout(resolve, 20));

  // A request the server has taken in (its headers read: it said 100 Continue) whose body is still
  // on its way when SIGTERM arrives: it must be answered, and its connection then closed.
  const slow = await slowSignIn(port);
  web.proc.kill('SIGTERM');
  const signalled = Date.now();
  await until('the listener closed', async () => (await tryConnect(port)) === 'ECONNREFUSED', 5000);
  const slowAnswer = await slow.finish();
  const code = await Promise.race([web.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 20_000))]);
  const took = Date.now() - signalled;
  gone = true;
  await Promise.all(loops);
  agent.destroy();

  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  console.log(
    'shutdown figures',
    JSON.stringify({
      requests: outcomes.length,
      msToExit: took,
      refused: count((o) => o.error === 'ECONNREFUSED'),
      idleCloseRaces: count((o) => o.error === 'ECONNRESET'),
    }),
  );
  expect(code, web.output().slice(-2000)).toBe(0);
  expect(took).toBeLessThan((DEADLINE_SECONDS + 2) * 1000);
  // Every request the server answered (its log) reached the client: none was taken in and then reset.
  const served = web.output().match(/GET \/api\/config 200/g)?.length ?? 0;
  const answered = outcomes.filter((o) => o.path === '/api/config' && o.status === 200).length;
  expect(answered).toBe(served);
  // The only other failures: a new connection refused once the server stopped listening, or a
  // connection the server closed as idle (kept alive, or just accepted) as the client sent on it;
  // such a request never got in (the count above holds). No answer is cut off half-way.
  const failures = outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED' && o.error !== 'ECONNRESET');
  expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
  expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200 && o.path !== '/readyz')).toEqual([]);
  expect(slowAnswer).toMatch(/^HTTP\/1\.1 401 /);
  expect(slowAnswer, slowAnswer).toMatch(/^connection: close\r$/im);
}, 60_000);
