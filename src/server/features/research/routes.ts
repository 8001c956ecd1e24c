// POST /api/research/{company-news,trends,earnings} (spec 02 §7 'analyze-company-news',
// 'analyze-industry-trends', 'analyze-earnings-call') and GET /api/research/status.
// A refusal (bad input 400, no provider 503, over the user's limit 429) is an HTTP error before
// any work starts. With `Accept: application/x-ndjson` the answer then streams progress events
// and ends with the result or the error; otherwise it is one JSON body { data, meta }.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import {
  companyNewsRequestSchema,
  earningsRequestSchema,
  RESEARCH_STREAM_TYPE,
  type ResearchEvent,
  type ResearchStatus,
  researchMessages,
  trendsRequestSchema,
} from '../../../shared/research.ts';
import { type AiRunner, aiRequestError, aiStatus } from '../../ai/runner.ts';
import type { Auth } from '../../auth/auth.ts';
import type { AiTask } from '../../config.ts';
import { cancelOnDisconnect } from '../../http/cancel.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import {
  type Analysis,
  analyseCompanyNews,
  analyseEarnings,
  analyseTrends,
  type ResearchContext,
  type ResearchSources,
} from './service.ts';

/**
 * Runs an analysis for the signed-in user, stopped when the browser goes away: streamed as NDJSON
 * when asked for, else one JSON answer. A refusal (no provider, over the limits) is an HTTP error
 * either way, because the run begins before the stream does.
 */
async function respond<R>(
  c: Context<SessionEnv>,
  ai: AiRunner,
  task: AiTask,
  sources: ResearchSources,
  analyse: (ctx: ResearchContext) => Promise<Analysis<R>>,
) {
  const cancel = cancelOnDisconnect(c);
  const { signal } = cancel;
  if (!(c.req.header('accept') ?? '').includes(RESEARCH_STREAM_TYPE)) {
    try {
      return c.json(await ai.run(c.var.user.id, task, (run) => analyse({ run, sources, signal, stage: () => {} }), { signal }));
    } catch (err) {
      throw aiRequestError(err, signal, task);
    }
  }

  const run = await ai.begin(c.var.user.id, task);

  c.header('content-type', `${RESEARCH_STREAM_TYPE}; charset=utf-8`);
  c.header('cache-control', 'no-store');
  c.header('x-accel-buffering', 'no');
  return stream(c, async (out) => {
    out.onAbort(() => cancel.abort());
    const send = (event: ResearchEvent<R>) => out.write(`${JSON.stringify(event)}\n`);
    try {
      const result = await run.use(
        () => analyse({ run, sources, signal, stage: (stage, detail) => void send({ type: 'stage', stage, detail }) }),
        signal,
      );
      await send({ type: 'result', ...result });
    } catch (err) {
      const error = aiRequestError(err, signal, task);
      if (!signal.aborted) await send({ type: 'error', error: { code: error.code, message: error.message } });
    }
  });
}

export function researchRoutes(auth: Auth, ai: AiRunner, sources: ResearchSources) {
  const title = researchMessages;
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/status', (c) => c.json<ResearchStatus>(aiStatus(ai, 'company_news')))
    .post('/company-news', async (c) => {
      const query = await parseJson(c, companyNewsRequestSchema, title.companyNews.cannotGenerate);
      return respond(c, ai, 'company_news', sources, (ctx) => analyseCompanyNews(ctx, query));
    })
    .post('/trends', async (c) => {
      const query = await parseJson(c, trendsRequestSchema, title.missingTitle);
      return respond(c, ai, 'trends', sources, (ctx) => analyseTrends(ctx, query));
    })
    .post('/earnings', async (c) => {
      const query = await parseJson(c, earningsRequestSchema, title.missingTitle);
      return respond(c, ai, 'earnings', sources, (ctx) => analyseEarnings(ctx, query));
    });
}
