// Every log line of a request carries its id, which the answer's X-Request-Id gives back (issue 28
// §2): the access line and the error handler's line of a 5xx, on the real app, read as JSON lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signedInClient, type TestRuntime, validProfile } from '../../support/accounts.ts';
import { captureLog } from '../../support/log-capture.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime({ LOG_LEVEL: 'info' });
});
afterAll(async () => {
  await rt?.close();
});

describe('request ids in the log', () => {
  it("puts each request's id on its access line and in its answer, a proxy's id when it sends a plain one", async () => {
    const log = captureLog();
    let answers: Response[];
    try {
      answers = await Promise.all([
        rt.app.request('/api/config'),
        rt.app.request('/api/config', { headers: { 'x-request-id': 'edge-42.abc' } }),
        rt.app.request('/api/no-such-route', { headers: { 'x-request-id': 'not a plain id' } }),
      ]);
    } finally {
      log.restore();
    }
    const ids = answers.map((res) => res.headers.get('x-request-id'));
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(ids[1]).toBe('edge-42.abc');
    expect(ids[2]).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const access = (id: string | null) => log.lines().filter((line) => line.requestId === id);
    expect(access(ids[0]!).map((line) => line.msg)).toEqual([expect.stringMatching(/^GET \/api\/config 200 \d+ms$/)]);
    expect(access(ids[1]!).map((line) => line.msg)).toEqual([expect.stringMatching(/^GET \/api\/config 200 \d+ms$/)]);
    expect(access(ids[2]!).map((line) => line.msg)).toEqual([expect.stringMatching(/^GET \/api\/no-such-route 404 \d+ms$/)]);
    expect(log.lines().every((line) => line.level === 'info' && typeof line.time === 'string')).toBe(true);
  });

  it('masks the private calendar token in the access line (issue 29 §2: a feed address is a credential)', async () => {
    const token = 'A'.repeat(43);
    const log = captureLog();
    let res: Response;
    try {
      res = await rt.app.request(`/calendar/${token}.ics`);
    } finally {
      log.restore();
    }
    expect(res.status).toBe(404);
    const lines = log.lines().filter((line) => line.requestId === res.headers.get('x-request-id'));
    expect(lines.map((line) => line.msg)).toEqual([expect.stringMatching(/^GET \/calendar\/\*\*\* 404 \d+ms$/)]);
    expect(JSON.stringify(log.lines())).not.toContain(token);
  });

  it("a 5xx: the error handler's line and the access line carry the id the answer gives back", async () => {
    const user = await registerUser(rt);
    const client = await signedInClient(rt, user.email);
    // The database refuses this one profile: saving it fails as any unexpected error would.
    await rt.pool.query(`ALTER TABLE users ADD CONSTRAINT test_refuse_logged CHECK (company_name IS DISTINCT FROM 'Refused Logging Corp')`);
    const log = captureLog();
    let res: Response;
    try {
      res = await client.raw('PUT', '/api/profile', { ...validProfile, companyName: 'Refused Logging Corp' });
    } finally {
      log.restore();
      await rt.pool.query('ALTER TABLE users DROP CONSTRAINT test_refuse_logged');
    }
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const lines = log.lines().filter((line) => line.requestId === id);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'unhandled error',
        path: '/api/profile',
        // drizzle's message: the statement, and its parameters left out.
        error: expect.stringMatching(/Failed query: update "users"[\s\S]*params: \*\*\*$/),
      }),
      expect.objectContaining({ level: 'info', msg: expect.stringMatching(/^PUT \/api\/profile 500 \d+ms$/) }),
    ]);
    // The statement's parameters (what the user typed) are not logged.
    for (const hidden of [user.email, validProfile.phone, 'Refused Logging Corp', validProfile.firstName])
      expect(log.text()).not.toContain(hidden);
  });
});
