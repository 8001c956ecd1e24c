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
import { type AiRunner, aiRequestError, aiStatus } from '../../ai/runner.ts';
import type { Auth } from '../../auth/auth.ts';
import type { AiTask } from '../../config.ts';
import { cancelOnDisconnect } from '../../http/cancel.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { analyzeMetrics, buildPost, type ContentContext, type ContentSources, generateHooks, modifyContent } from './service.ts';

export function contentRoutes(auth: Auth, ai: AiRunner, sources: ContentSources) {
  const title = contentMessages.missingTitle;
  /** Runs one task for the signed-in user, stopped when the browser goes away; one JSON answer. */
  async function respond<R>(c: Context<SessionEnv>, task: AiTask, work: (ctx: ContentContext) => Promise<R>) {
    const { signal } = cancelOnDisconnect(c);
    try {
      return c.json(await ai.run(c.var.user.id, task, (run) => work({ run, sources, signal }), { signal }));
    } catch (err) {
      throw aiRequestError(err, signal, task);
    }
  }

  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/status', (c) => c.json<ContentStatus>(aiStatus(ai, 'content_post')))
    .post('/analyze-metrics', async (c) => {
      const query = await parseJson(c, analyzeMetricsRequestSchema, title);
      return respond(c, 'content_stats', (ctx) => analyzeMetrics(ctx, query));
    })
    .post('/generate-hooks', async (c) => {
      const query = await parseJson(c, generateHooksRequestSchema, title);
      return respond(c, 'content_hooks', (ctx) => generateHooks(ctx, query));
    })
    .post('/post-builder', async (c) => {
      const query = await parseJson(c, postBuilderRequestSchema, title);
      return respond(c, 'content_post', (ctx) => buildPost(ctx, query));
    })
    .post('/modify-content', async (c) => {
      const query = await parseJson(c, modifyContentRequestSchema, title);
      return respond(c, 'content_modify', (ctx) => modifyContent(ctx, query));
    });
}
