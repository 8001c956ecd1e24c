// POST /api/content/{analyze-metrics,generate-hooks,post-builder,modify-content} (spec 02 §7
// content creation, calls 1–4) and GET /api/content/status. A refusal (bad input 400 with the
// screen's 'Missing Information' title, no provider 503, over the user's limit 429) comes before
// any work starts; each answer is one JSON body, and every run's outcome is recorded in ai_usage.
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  analyzeMetricsRequestSchema,
  type ContentStatus,
  contentMessages,
  generateHooksRequestSchema,
  modifyContentRequestSchema,
  postBuilderRequestSchema,
} from '../../../shared/content.ts';
import { type AiRun, type AiRunner, aiRequestError, aiStatus } from '../../ai/runner.ts';
import type { Auth } from '../../auth/auth.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { analyzeMetrics, buildPost, type ContentContext, type ContentSources, generateHooks, modifyContent } from './service.ts';

/** Runs one task for the route and records its outcome, whatever it is. */
async function respond<R>(c: Context, run: AiRun, sources: ContentSources, work: (ctx: ContentContext) => Promise<R>) {
  const cancel = new AbortController();
  // The browser going away stops the retrieval and the model call.
  c.req.raw.signal.addEventListener('abort', () => cancel.abort(), { once: true });
  if (c.req.raw.signal.aborted) cancel.abort();
  try {
    const result = await work({ run, sources, signal: cancel.signal });
    await run.end();
    return c.json(result);
  } catch (err) {
    const error = aiRequestError(err, cancel.signal, run.task);
    await run.end(error);
    throw error;
  }
}

export function contentRoutes(auth: Auth, ai: AiRunner, sources: ContentSources) {
  const title = contentMessages.missingTitle;
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/status', (c) => c.json<ContentStatus>(aiStatus(ai, 'content_post')))
    .post('/analyze-metrics', async (c) => {
      const query = await parseJson(c, analyzeMetricsRequestSchema, title);
      const run = await ai.begin(c.var.user.id, 'content_stats');
      return respond(c, run, sources, (ctx) => analyzeMetrics(ctx, query));
    })
    .post('/generate-hooks', async (c) => {
      const query = await parseJson(c, generateHooksRequestSchema, title);
      const run = await ai.begin(c.var.user.id, 'content_hooks');
      return respond(c, run, sources, (ctx) => generateHooks(ctx, query));
    })
    .post('/post-builder', async (c) => {
      const query = await parseJson(c, postBuilderRequestSchema, title);
      const run = await ai.begin(c.var.user.id, 'content_post');
      return respond(c, run, sources, (ctx) => buildPost(ctx, query));
    })
    .post('/modify-content', async (c) => {
      const query = await parseJson(c, modifyContentRequestSchema, title);
      const run = await ai.begin(c.var.user.id, 'content_modify');
      return respond(c, run, sources, (ctx) => modifyContent(ctx, query));
    });
}
