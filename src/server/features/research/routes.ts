// POST /api/research/{company-news,trends,earnings} (spec 02 §7 'analyze-company-news',
// 'analyze-industry-trends', 'analyze-earnings-call') and GET /api/research/status.
// A refusal (bad input 400, no provider 503, over the user's limit 429) is an HTTP error before
// any work starts. With `Accept: application/x-ndjson` the answer then streams progress events
// and ends with the result or the error; otherwise it is one JSON body { data, meta }. A succeeded
// analysis is kept in the user's library, and meta.libraryItemId names the item (null when it could
// not be kept: the analysis is answered all the same).
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
import type { Database } from '../../db/client.ts';
import { cancelOnDisconnect } from '../../http/cancel.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import { companyNewsEntry, earningsEntry, keepResearch, trendsEntry } from './library.ts';
import {
  type Analysis,
  analyseCompanyNews,
  analyseEarnings,
  analyseTrends,
  type ResearchContext,
  type ResearchSources,
} from './service.ts';

type Deps = { ai: AiRunner; sources: ResearchSources; db: Database };

/**
 * Runs an analysis for the signed-in user, stopped when the browser goes away: streamed as NDJSON
 * when asked for, else one JSON answer. A refusal (no provider, over the limits) is an HTTP error
 * either way, because the run begins before the stream does. The analysis is kept in the library
 * (`entry`) after the AI run has ended, so keeping it never counts as part of the run.
 */
async function respond<R>(
  c: Context<SessionEnv>,
  { ai, sources, db }: Deps,
  task: AiTask,
  analyse: (ctx: ResearchContext) => Promise<Analysis<R>>,
  entry: (analysis: Analysis<R>) => LibraryEntry,
) {
  const cancel = cancelOnDisconnect(c);
  const { signal } = cancel;
  const userId = c.var.user.id;
  const kept = async (analysis: Analysis<R>): Promise<Analysis<R>> => ({
    data: analysis.data,
    meta: { ...analysis.meta, libraryItemId: await keepResearch(db, userId, task, () => entry(analysis)) },
  });
  if (!(c.req.header('accept') ?? '').includes(RESEARCH_STREAM_TYPE)) {
    let analysis: Analysis<R>;
    try {
      analysis = await ai.run(userId, task, (run) => analyse({ run, sources, signal, stage: () => {} }), { signal });
    } catch (err) {
      throw aiRequestError(err, signal, task);
    }
    return c.json(await kept(analysis));
  }

  const run = await ai.begin(userId, task);

  c.header('content-type', `${RESEARCH_STREAM_TYPE}; charset=utf-8`);
  c.header('cache-control', 'no-store');
  c.header('x-accel-buffering', 'no');
  return stream(c, async (out) => {
    out.onAbort(() => cancel.abort());
    const send = (event: ResearchEvent<R>) => out.write(`${JSON.stringify(event)}\n`);
    let analysis: Analysis<R>;
    try {
      analysis = await run.use(
        () => analyse({ run, sources, signal, stage: (stage, detail) => void send({ type: 'stage', stage, detail }) }),
        signal,
      );
    } catch (err) {
      const error = aiRequestError(err, signal, task);
      if (!signal.aborted) await send({ type: 'error', error: { code: error.code, message: error.message } });
      return;
    }
    await send({ type: 'result', ...(await kept(analysis)) });
  });
}

export function researchRoutes(auth: Auth, ai: AiRunner, sources: ResearchSources, db: Database) {
  const deps: Deps = { ai, sources, db };
  const title = researchMessages;
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/status', (c) => c.json<ResearchStatus>(aiStatus(ai, 'company_news')))
    .post('/company-news', async (c) => {
      const query = await parseJson(c, companyNewsRequestSchema, title.companyNews.cannotGenerate);
      return respond(
        c,
        deps,
        'company_news',
        (ctx) => analyseCompanyNews(ctx, query),
        (analysis) => companyNewsEntry(query, analysis),
      );
    })
    .post('/trends', async (c) => {
      const query = await parseJson(c, trendsRequestSchema, title.missingTitle);
      return respond(
        c,
        deps,
        'trends',
        (ctx) => analyseTrends(ctx, query),
        (analysis) => trendsEntry(query, analysis),
      );
    })
    .post('/earnings', async (c) => {
      const query = await parseJson(c, earningsRequestSchema, title.missingTitle);
      return respond(
        c,
        deps,
        'earnings',
        (ctx) => analyseEarnings(ctx, query),
        (analysis) => earningsEntry(query, analysis),
      );
    });
}
