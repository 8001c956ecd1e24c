// POST /api/content/{analyze-metrics,generate-hooks,post-builder,modify-content} (spec 02 §7
// content creation, calls 1–4) and GET /api/content/status. A refusal (bad input 400 with the
// screen's 'Missing Information' title, no provider 503, over the user's limit 429) comes before
// any work starts; each answer is one JSON body, and every run's outcome is recorded in ai_usage.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { z } from 'zod';
import {
  analyzeMetricsRequestSchema,
  type ContentStatus,
  contentMessages,
  generateHooksRequestSchema,
  modifyContentRequestSchema,
  postBuilderRequestSchema,
} from '../../../shared/content.ts';
import { messages } from '../../../shared/messages.ts';
import { type AiRun, type AiRunner, aiCancelled, aiNotConfigured } from '../../ai/runner.ts';
import type { Auth } from '../../auth/auth.ts';
import { AppError, parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { analyzeMetrics, buildPost, type ContentContext, type ContentSources, generateHooks, modifyContent } from './service.ts';

/** The request body; a refusal carries the screen's toast title (spec 02 §5 'Missing Information'). */
async function parseRequest<S extends z.core.$ZodType>(c: Context, schema: S) {
  try {
    return await parseJson(c, schema);
  } catch (err) {
    if (err instanceof AppError && err.status === 400) {
      throw new AppError(400, err.code, err.message, contentMessages.missingTitle, err.fields);
    }
    throw err;
  }
}

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
    let error: AppError;
    if (err instanceof AppError) error = err;
    else if (cancel.signal.aborted) error = aiCancelled();
    else {
      log.error('content generation failed', { task: run.task, error: errorMessage(err) });
      error = new AppError(500, 'internal', messages.errors.internal);
    }
    await run.end(error);
    throw error;
  }
}

export function contentRoutes(auth: Auth, ai: AiRunner, sources: ContentSources) {
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/status', (c) => {
      const model = ai.modelFor('content_post');
      const status: ContentStatus = model ? { configured: true, model } : { configured: false, message: aiNotConfigured().message };
      return c.json(status);
    })
    .post('/analyze-metrics', async (c) => {
      const query = await parseRequest(c, analyzeMetricsRequestSchema);
      const run = await ai.begin(c.var.user.id, 'content_stats');
      return respond(c, run, sources, (ctx) => analyzeMetrics(ctx, query));
    })
    .post('/generate-hooks', async (c) => {
      const query = await parseRequest(c, generateHooksRequestSchema);
      const run = await ai.begin(c.var.user.id, 'content_hooks');
      return respond(c, run, sources, (ctx) => generateHooks(ctx, query));
    })
    .post('/post-builder', async (c) => {
      const query = await parseRequest(c, postBuilderRequestSchema);
      const run = await ai.begin(c.var.user.id, 'content_post');
      return respond(c, run, sources, (ctx) => buildPost(ctx, query));
    })
    .post('/modify-content', async (c) => {
      const query = await parseRequest(c, modifyContentRequestSchema);
      const run = await ai.begin(c.var.user.id, 'content_modify');
      return respond(c, run, sources, (ctx) => modifyContent(ctx, query));
    });
}
