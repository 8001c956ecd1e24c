import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, log, mask, setLogFormat, setLogLevel } from './log.ts';
import { addLogContext, withLogContext } from './log-context.ts';

describe('mask', () => {
  it('hides e-mail addresses', () => {
    const out = mask('sign-in failed for jane.doe+work@example.com today');
    expect(out).not.toContain('jane.doe+work@example.com');
    expect(out).not.toContain('example.com');
    expect(out).toContain('sign-in failed for');
    expect(out).toContain('today');
  });

  it('hides token, otp and password query parameters', () => {
    const out = mask('GET /reset-password?token=abc123XYZ&otp=654321&password=hunter22&page=2 200');
    expect(out).not.toContain('abc123XYZ');
    expect(out).not.toContain('654321');
    expect(out).not.toContain('hunter22');
    expect(out).toContain('token=***');
    expect(out).toContain('page=2');
  });

  it('hides bearer tokens', () => {
    const out = mask('Authorization: Bearer eyJhbGciOi.payload.sig');
    expect(out).not.toContain('eyJhbGciOi');
    expect(out).toMatch(/Bearer \*\*\*/);
  });

  it('hides long secrets', () => {
    const secret = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    const out = mask(`secret is ${secret} here`);
    expect(out).not.toContain(secret);
    expect(out).toContain('here');
  });

  it('hides phone numbers', () => {
    const out = mask('call +1 (555) 123-4567 or 555.987.6543');
    expect(out).not.toContain('123-4567');
    expect(out).not.toContain('987.6543');
    expect(out).toContain('***phone***');
  });

  it('keeps IPv4 addresses, which look like phone numbers', () => {
    expect(mask('request to 127.0.0.1:42711/reuters/x failed')).toBe('request to 127.0.0.1:42711/reuters/x failed');
    expect(mask('resolves to 192.168.100.200')).toBe('resolves to 192.168.100.200');
    expect(mask('call +1 (555) 010-0100')).toBe('call ***phone***');
  });

  it('keeps dates and timestamps, which look like phone numbers', () => {
    const text = 'run user-1 at 2026-11-24T23:08:56.692Z,2000 since 2026-11-24';
    expect(mask(text)).toBe(text);
  });

  it("masks a failed query's parameters, what a user typed, and keeps its statement", () => {
    expect(mask('Failed query: update "users" set "first_name" = $1 where "id" = $2\nparams: Ada,Acme Corp,ab12')).toBe(
      'Failed query: update "users" set "first_name" = $1 where "id" = $2\nparams: ***',
    );
  });

  it('errorMessage reads an error, a plain object with a message, any other object and a string', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ message: 'lost', code: 'x' })).toBe('lost');
    expect(errorMessage({ code: 'x' })).toBe('{"code":"x"}');
    expect(errorMessage('plain')).toBe('plain');
  });

  it('keeps ordinary text', () => {
    const text = 'POST /api/profile 200 12ms user updated the profile';
    expect(mask(text)).toBe(text);
  });
});

/** What the logger writes to stdout and stderr, as pino gives it (one write per line). */
function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0),
  ];
  return {
    out,
    err,
    /** Every line written, parsed. */
    lines: () => [...out, ...err].map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

describe('log (JSON)', () => {
  let written: ReturnType<typeof capture>;
  beforeEach(() => {
    setLogFormat('json');
    setLogLevel('info');
    written = capture();
  });
  afterEach(() => {
    written.restore();
    setLogFormat('pretty');
    setLogLevel('info');
  });

  it('writes one JSON object per line: level as a label, ISO time, msg and the fields', () => {
    log.info('alert tick', { due: 3, abandoned: 0 });
    expect(written.out).toHaveLength(1);
    expect(written.out[0]).toMatch(/^\{.*\}\n$/);
    const [line] = written.lines();
    expect(line).toMatchObject({ level: 'info', msg: 'alert tick', due: 3, abandoned: 0, pid: process.pid });
    expect(line!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(String(line!.time)) - Date.now())).toBeLessThan(5_000);
  });

  it('puts warnings and errors on stderr, the rest on stdout, each line once', () => {
    log.info('one');
    log.warn('two');
    log.error('three');
    expect(written.out.map((l) => JSON.parse(l).msg)).toEqual(['one']);
    expect(written.err.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'two' }),
      expect.objectContaining({ level: 'error', msg: 'three' }),
    ]);
  });

  it('keeps to LOG_LEVEL', () => {
    log.debug('not at info');
    setLogLevel('debug');
    log.debug('at debug');
    setLogLevel('error');
    log.warn('not at error');
    log.error('at error');
    expect(written.lines().map((l) => [l.level, l.msg])).toEqual([
      ['debug', 'at debug'],
      ['error', 'at error'],
    ]);
  });

  it('masks e-mails, tokens, long secrets and phone numbers in the message, in nested fields and in errors', () => {
    const secret = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    const cause = new Error('upstream said Bearer eyJhbGciOi.payload.sig');
    const error = new Error(`sign-in failed for jane.doe@example.com with token=abc123XYZ`, { cause });
    log.error('request from jane.doe@example.com, call +1 (555) 123-4567', {
      error,
      request: { url: `/reset?token=abc123XYZ&page=2`, headers: { authorization: `Bearer ${secret}` } },
      people: [{ email: 'bob@example.org', phone: '555.987.6543' }],
      note: `secret is ${secret}`,
    });
    const text = written.err.join('');
    for (const hidden of [
      'jane.doe@example.com',
      'example.com',
      'bob@example.org',
      'abc123XYZ',
      secret,
      'eyJhbGciOi',
      '123-4567',
      '987.6543',
    ])
      expect(text).not.toContain(hidden);
    const [line] = written.lines();
    expect(line!.msg).toBe('request from j***@***, call ***phone***');
    expect(line!.error).toMatchObject({
      type: 'Error',
      message: 'sign-in failed for j***@*** with token=***',
      stack: expect.stringMatching(/^Error: sign-in failed for j\*\*\*@\*\*\* with token=\*\*\*\n\s+at /),
      cause: { type: 'Error', message: 'upstream said Bearer ***' },
    });
    expect(line!.request).toEqual({ url: '/reset?token=***&page=2', headers: { authorization: 'Bearer ***' } });
    expect(line!.people).toEqual([{ email: 'b***@***', phone: '***phone***' }]);
    expect(line!.note).toBe('secret is ***');
  });

  it("keeps a row's UUID under an id field, and masks anything else there", () => {
    const runId = '0b6f1e9e-1c1a-4d2b-9a3e-5f6a7b8c9d0e';
    log.info('mail sent', { id: runId, runId, sessionId: 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5', other: runId });
    expect(written.lines()[0]).toMatchObject({ id: runId, runId, sessionId: '***', other: '***' });
  });

  it('writes what cannot be JSON: a cycle, a bigint, a date', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    log.info('odd fields', { cyclic, big: 10n, at: new Date('2026-01-02T03:04:05Z') });
    const [line] = written.lines();
    expect(line).toMatchObject({ big: '10', at: '2026-01-02T03:04:05.000Z', cyclic: { name: 'a' } });
    expect(JSON.stringify(line!.cyclic)).toContain('[too deep]');
  });

  it('adds the context (request, run, e-mail ids) to every line written inside it, through awaits', async () => {
    log.info('outside');
    await withLogContext({ requestId: 'req-1' }, async () => {
      log.info('in the request');
      await new Promise((resolve) => setTimeout(resolve, 1));
      await withLogContext({ runId: 'run-1' }, async () => {
        addLogContext({ kind: 'news', alertId: 'alert-1' });
        await Promise.resolve();
        log.warn('in the run');
      });
      log.info('after the run');
    });
    expect(written.lines().map(({ msg, requestId, runId, kind, alertId }) => ({ msg, requestId, runId, kind, alertId }))).toEqual([
      { msg: 'outside' },
      { msg: 'in the request', requestId: 'req-1' },
      { msg: 'after the run', requestId: 'req-1' },
      { msg: 'in the run', requestId: 'req-1', runId: 'run-1', kind: 'news', alertId: 'alert-1' },
    ]);
  });

  it('keeps concurrent contexts apart', async () => {
    const one = async (id: string, waitMs: number) =>
      withLogContext({ requestId: id }, async () => {
        for (let i = 0; i < 3; i++) {
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          log.info(`line of ${id}`);
        }
      });
    await Promise.all([one('a', 1), one('b', 2), one('c', 0)]);
    const lines = written.lines();
    expect(lines).toHaveLength(9);
    for (const line of lines) expect(line.msg).toBe(`line of ${line.requestId}`);
  });

  it('prints raw operator text unmasked, as one JSON line at any level', () => {
    setLogLevel('error');
    log.raw('\nEnterprise OS is running at http://localhost:3000\nInvite the first user:  npm run admin -- invite you@example.com\n');
    expect(written.out).toHaveLength(1);
    expect(JSON.parse(written.out[0]!)).toMatchObject({
      level: 'info',
      msg: 'Enterprise OS is running at http://localhost:3000\nInvite the first user:  npm run admin -- invite you@example.com',
    });
  });
});

describe('log (pretty)', () => {
  let written: ReturnType<typeof capture>;
  beforeEach(() => {
    setLogFormat('pretty');
    written = capture();
  });
  afterEach(() => written.restore());

  it('writes the time, the level and the masked message, then the other fields and the context as JSON', () => {
    withLogContext({ requestId: 'req-7' }, () =>
      log.warn('SMTP_URL: the mail server at 127.0.0.1:2525 cannot be reached', { to: 'a@b.co' }),
    );
    log.info('plain');
    expect(written.err).toEqual([
      expect.stringMatching(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARN {2}SMTP_URL: the mail server at 127\.0\.0\.1:2525 cannot be reached \{"requestId":"req-7","to":"a\*\*\*@\*\*\*"\}\n$/,
      ),
    ]);
    expect(written.out).toEqual([expect.stringMatching(/^\S+Z INFO {2}plain\n$/)]);
  });

  it('prints raw text as it is', () => {
    log.raw('Captured e-mail to you@example.com');
    expect(written.out).toEqual(['Captured e-mail to you@example.com\n']);
  });
});
