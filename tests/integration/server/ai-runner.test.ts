// The AI layer against a local OpenAI-compatible server: structured output checked by the schema,
// one repair attempt, retries on 429 and 5xx, the timeout, per-user limits across requests, and the
// token usage recorded per user and task.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAiRunner } from '../../../src/server/ai/runner.ts';
import { usageReport } from '../../../src/server/ai/usage.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { statusOf } from '../../../src/server/http/errors.ts';
import { AppError } from '../../../src/server/lib/app-error.ts';
import { messages } from '../../../src/shared/messages.ts';
import { type FakeOpenAi, requestText, startFakeOpenAi } from '../../fakes/openai.ts';
import { registerUser, type TestRuntime } from '../../support/accounts.ts';
import { runAdmin } from '../../support/admin-cli.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
  await fake?.stop();
});
beforeEach(() => fake.reset());

const schema = z.object({ headline: z.string(), points: z.array(z.string()).min(1) });
const request = { schema, system: 'You summarise.', prompt: 'Summarise: Acme ships rockets.' };

function runner(env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-model',
    AI_MAX_RETRIES: '2',
    AI_TIMEOUT_SECONDS: '5',
    ...env,
  });
  return createAiRunner(config, rt.db);
}

const usageOf = async (runId: string) =>
  (
    await rt.pool.query(
      'SELECT task, provider, model, status, error_code, calls, input_tokens, output_tokens FROM ai_usage WHERE id = $1',
      [runId],
    )
  ).rows[0];

async function failureOf(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('AI runner', () => {
  it('returns output that fits the schema, sends the schema to the server, and records tokens for the user and task', async () => {
    const user = await registerUser(rt);
    fake.script({ json: { headline: 'Acme ships', points: ['Rockets shipped'] }, usage: { prompt_tokens: 120, completion_tokens: 30 } });
    const run = await runner().begin(user.id, 'company_news');
    const result = await run.use(() => run.generate(request));

    expect(result.output).toEqual({ headline: 'Acme ships', points: ['Rockets shipped'] });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.model).toBe('fake-model');
    expect(fake.requests[0]!.response_format?.type).toBe('json_schema');
    expect(requestText(fake.requests[0]!)).toContain('Acme ships rockets');
    expect(await usageOf(run.id)).toEqual({
      task: 'company_news',
      provider: 'openai',
      model: 'fake-model',
      status: 'succeeded',
      error_code: null,
      calls: 1,
      input_tokens: 120,
      output_tokens: 30,
    });
  });

  it('uses the per-task model override', async () => {
    const user = await registerUser(rt);
    fake.script({ json: { headline: 'h', points: ['p'] } });
    const run = await runner({ AI_MODEL_TRENDS: 'big-model' }).begin(user.id, 'trends');
    await run.use(() => run.generate(request));
    expect(fake.requests[0]!.model).toBe('big-model');
  });

  it('repairs invalid JSON once: the second call shows the model its answer and the problem', async () => {
    const user = await registerUser(rt);
    fake.script({ content: '{"headline": "Acme ships", "points": [' }, { json: { headline: 'Acme ships', points: ['Fixed'] } });
    const run = await runner().begin(user.id, 'company_news');
    const result = await run.use(() => run.generate(request));

    expect(result.output.points).toEqual(['Fixed']);
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.messages;
    expect(repair.at(-2)).toMatchObject({ role: 'assistant', content: '{"headline": "Acme ships", "points": [' });
    expect(String(repair.at(-1)!.content)).toContain('Reply again with only the corrected JSON object');
    expect((await usageOf(run.id)).calls).toBe(2);
  });

  it('gives up after one failed repair with ai_invalid_output, recorded as failed', async () => {
    const user = await registerUser(rt);
    fake.script({ json: { headline: 'no points' } }, { json: { headline: 'still none', points: [] } });
    const run = await runner().begin(user.id, 'company_news');
    const err = await failureOf(run.use(() => run.generate(request)));
    expect([statusOf(err.code), err.code]).toEqual([502, 'ai_invalid_output']);
    expect(fake.requests).toHaveLength(2);
    expect(await usageOf(run.id)).toMatchObject({ status: 'failed', error_code: 'ai_invalid_output', calls: 2 });
  });

  it('retries a 429 (honouring retry-after-ms) and a 500, then succeeds', async () => {
    const user = await registerUser(rt);
    fake.script(
      { status: 429, headers: { 'retry-after-ms': '20' }, content: 'slow down' },
      { status: 500, headers: { 'retry-after-ms': '20' }, content: 'oops' },
      { json: { headline: 'ok', points: ['after retries'] } },
    );
    const run = await runner().begin(user.id, 'company_news');
    const result = await run.use(() => run.generate(request));
    expect(result.output.points).toEqual(['after retries']);
    expect(fake.requests).toHaveLength(3);
  });

  it('reports a provider that keeps answering 429 as ai_rate_limited after the retries', async () => {
    const user = await registerUser(rt);
    const busy = { status: 429, headers: { 'retry-after-ms': '10' }, content: 'rate limited' };
    fake.script(busy, busy, busy);
    const run = await runner().begin(user.id, 'company_news');
    const err = await failureOf(run.use(() => run.generate(request)));
    expect([statusOf(err.code), err.code]).toEqual([429, 'ai_rate_limited']);
    expect(err.message).toContain('429');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a refused key, and says which setting to check', async () => {
    const user = await registerUser(rt);
    fake.script({ status: 401, content: 'bad key' });
    const run = await runner().begin(user.id, 'company_news');
    const err = await failureOf(run.use(() => run.generate(request)));
    expect([statusOf(err.code), err.code]).toEqual([502, 'ai_unavailable']);
    expect(err.message).toContain('AI_API_KEY');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a model that does not answer in AI_TIMEOUT_SECONDS', async () => {
    const user = await registerUser(rt);
    fake.script({ delayMs: 3_000, json: { headline: 'late', points: ['late'] } });
    const run = await runner({ AI_TIMEOUT_SECONDS: '1', AI_MAX_RETRIES: '0' }).begin(user.id, 'company_news');
    const started = performance.now();
    const err = await failureOf(run.use(() => run.generate(request)));
    expect([statusOf(err.code), err.code]).toEqual([504, 'ai_timeout']);
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(await usageOf(run.id)).toMatchObject({ status: 'failed', error_code: 'ai_timeout' });
  });

  it('records how the work ended: our error by its code, a caller that went away as cancelled, anything else as internal', async () => {
    const user = await registerUser(rt);
    const ai = runner();
    const outcomes: Record<string, unknown> = {};
    const record = async (name: string, work: () => Promise<unknown>, signal?: AbortSignal) => {
      await ai
        .run(
          user.id,
          'trends',
          async (run) => {
            outcomes[name] = run.id;
            return work();
          },
          { signal },
        )
        .catch((err: unknown) => expect(err).toBeInstanceOf(Error));
    };
    await record('ours', async () => {
      throw new AppError('source_unavailable', 'SEC is down');
    });
    const gone = new AbortController();
    gone.abort();
    await record(
      'cancelled',
      async () => {
        throw new Error('aborted fetch');
      },
      gone.signal,
    );
    await record('bug', async () => {
      throw new TypeError('x is undefined');
    });
    expect((await usageOf(outcomes.ours as string)).error_code).toBe('source_unavailable');
    expect((await usageOf(outcomes.cancelled as string)).error_code).toBe('cancelled');
    expect((await usageOf(outcomes.bug as string)).error_code).toBe('internal');
  });

  it('refuses to start without a provider: 503 naming the variables to set, and no usage row', async () => {
    const user = await registerUser(rt);
    const unconfigured = createAiRunner(loadConfig({ NODE_ENV: 'test' }), rt.db);
    expect(unconfigured.configured).toBe(false);
    const err = await failureOf(unconfigured.begin(user.id, 'company_news'));
    expect([statusOf(err.code), err.code, err.message]).toEqual([503, 'ai_not_configured', messages.errors.aiNotConfigured]);
    for (const name of ['AI_PROVIDER', 'AI_MODEL', 'AI_API_KEY', 'AI_BASE_URL']) expect(err.message).toContain(name);
    const { rows } = await rt.pool.query('SELECT count(*)::int AS n FROM ai_usage WHERE user_id = $1', [user.id]);
    expect(rows[0].n).toBe(0);
  });

  it('limits running tasks per user, even when starts race, and frees the slot when a run ends', async () => {
    const user = await registerUser(rt);
    const other = await registerUser(rt);
    const limited = runner({ AI_USER_CONCURRENCY: '2' });
    const starts = await Promise.allSettled(Array.from({ length: 5 }, () => limited.begin(user.id, 'trends')));
    const started = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const refused = starts.flatMap((s) => (s.status === 'rejected' ? [s.reason as AppError] : []));
    expect(started).toHaveLength(2);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ code: 'ai_user_limit' });
    expect(statusOf(refused[0]!.code)).toBe(429);
    expect(refused[0]!.message).toBe('You already have 2 AI requests running. Wait for one to finish, then try again.');
    // Another user is not affected.
    await limited.run(other.id, 'trends', async () => {});
    await started[0]!.use(async () => {});
    await limited.run(user.id, 'trends', async () => {});
  });

  it('limits AI requests per user per hour and says when to try again', async () => {
    const user = await registerUser(rt);
    const limited = runner({ AI_USER_REQUESTS_PER_HOUR: '3' });
    for (let i = 0; i < 3; i++) await limited.run(user.id, 'company_news', async () => {});
    const err = await failureOf(limited.begin(user.id, 'company_news'));
    expect([statusOf(err.code), err.code]).toEqual([429, 'ai_user_limit']);
    expect(err.message).toMatch(/^You have used your 3 AI requests for this hour\. Try again in (60|59) minutes\.$/);
  });

  it('reports runs and tokens per user and task to the operator (npm run admin -- ai-usage)', async () => {
    const user = await registerUser(rt);
    const ai = runner();
    for (const tokens of [100, 50]) {
      fake.script({ json: { headline: 'h', points: ['p'] }, usage: { prompt_tokens: tokens, completion_tokens: 10 } });
      const run = await ai.begin(user.id, 'trends');
      await run.use(() => run.generate(request));
    }
    const down = ai.run(user.id, 'trends', async () => {
      throw new AppError('ai_unavailable', 'down');
    });
    await expect(down).rejects.toThrow('down');

    const lines = (await usageReport(rt.db, 1)).filter((l) => l.email === user.email);
    expect(lines).toEqual([{ email: user.email, task: 'trends', runs: 3, failed: 1, inputTokens: 150, outputTokens: 20 }]);

    const cli = await runAdmin(['ai-usage', '--days', '1']);
    expect(cli.lines.join('\n')).toMatch(
      new RegExp(`${user.email.replace(/[.+]/g, '\\$&')}\\s+trends\\s+3 runs\\s+1 failed\\s+150 in\\s+20 out`),
    );
  });
});
