// POST /api/research/{company-news,trends,earnings} (spec 02 §7 'analyze-company-news',
// 'analyze-industry-trends', 'analyze-earnings-call') and GET /api/research/status.
// A refusal (bad input 400, no provider 503, over the user's limit 429) is an HTTP error before
// any work starts. With `Accept: application/x-ndjson` the answer then streams progress events
// and ends with the result or the error; otherwise it is one JSON body { data, meta }.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { messages } from '../../../shared/messages.ts';
import {
  companyNewsRequestSchema,
  earningsRequestSchema,
  RESEARCH_STREAM_TYPE,
  type ResearchEvent,
  type ResearchStatus,
  trendsRequestSchema,
} from '../../../shared/research.ts';
import { type AiRun, type AiRunner, aiRequestError, aiStatus } from '../../ai/runner.ts';
import type { Auth } from '../../auth/auth.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import type { AppError } from '../../lib/app-error.ts';
import {
  type Analysis,
  analyseCompanyNews,
  analyseEarnings,
  analyseTrends,
  type ResearchContext,
  type ResearchSources,
} from './service.ts';

/** Runs an analysis for the route: streamed as NDJSON when asked for, else one JSON answer. */
async function respond<R>(c: Context, run: AiRun, sources: ResearchSources, analyse: (ctx: ResearchContext) => Promise<Analysis<R>>) {
  const cancel = new AbortController();
  // The browser going away (page closed, Cancel) stops the retrieval and the model call.
  c.req.raw.signal.addEventListener('abort', () => cancel.abort(), { once: true });
  if (c.req.raw.signal.aborted) cancel.abort();

  if (!(c.req.header('accept') ?? '').includes(RESEARCH_STREAM_TYPE)) {
    try {
      const result = await analyse({ run, sources, signal: cancel.signal, stage: () => {} });
      await run.end();
      return c.json(result);
    } catch (err) {
      const error = aiRequestError(err, cancel.signal, run.task);
      await run.end(error);
      throw error;
    }
  }

  c.header('content-type', `${RESEARCH_STREAM_TYPE}; charset=utf-8`);
  c.header('cache-control', 'no-store');
  c.header('x-accel-buffering', 'no');
  return stream(c, async (out) => {
    out.onAbort(() => cancel.abort());
    const send = (event: ResearchEvent<R>) => out.write(`${JSON.stringify(event)}\n`);
    let error: AppError | undefined;
    try {
      const result = await analyse({
        run,
        sources,
        signal: cancel.signal,
        stage: (stage, detail) => void send({ type: 'stage', stage, detail }),
      });
      await send({ type: 'result', ...result });
    } catch (err) {
      error = aiRequestError(err, cancel.signal, run.task);
      if (!cancel.signal.aborted) await send({ type: 'error', error: { code: error.code, message: error.message } });
    } finally {
      await run.end(error);
    }
  });
}

export function researchRoutes(auth: Auth, ai: AiRunner, sources: ResearchSources) {
  const title = messages.research;
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/status', (c) => c.json<ResearchStatus>(aiStatus(ai, 'company_news')))
    .post('/company-news', async (c) => {
      const query = await parseJson(c, companyNewsRequestSchema, title.companyNews.cannotGenerate);
      const run = await ai.begin(c.var.user.id, 'company_news');
      return respond(c, run, sources, (ctx) => analyseCompanyNews(ctx, query));
    })
    .post('/trends', async (c) => {
      const query = await parseJson(c, trendsRequestSchema, title.missingTitle);
      const run = await ai.begin(c.var.user.id, 'trends');
      return respond(c, run, sources, (ctx) => analyseTrends(ctx, query));
    })
    .post('/earnings', async (c) => {
      const query = await parseJson(c, earningsRequestSchema, title.missingTitle);
      const run = await ai.begin(c.var.user.id, 'earnings');
      return respond(c, run, sources, (ctx) => analyseEarnings(ctx, query));
    });
}
