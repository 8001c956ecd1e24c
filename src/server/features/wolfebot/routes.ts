// /api/wolfebot (issue 27 §3): the status, conversations (list, create, open, rename, delete) and
// asking. Asking refuses as an HTTP error (400, 404, 503 without a provider, 429 over the user's AI
// limits) before anything is written; then the answer streams as NDJSON events — both new messages,
// the text as it arrives, the finished or failed answer — while it is generated detached from this
// request: a browser that leaves does not stop it, and reads the stored answer when it comes back.
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import {
  WOLFEBOT_STREAM_TYPE,
  type WolfebotEvent,
  type WolfebotStatus,
  wolfebotCreateSchema,
  wolfebotMessageRequestSchema,
  wolfebotRenameSchema,
} from '../../../shared/wolfebot.ts';
import { aiStatus } from '../../ai/runner.ts';
import type { Auth } from '../../auth/auth.ts';
import { parseJson } from '../../http/errors.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';
import { ask, type WolfebotDeps } from './answer.ts';
import { createConversation, deleteConversation, getConversation, listConversations, renameConversation } from './conversations.ts';

export function wolfebotRoutes(deps: WolfebotDeps, auth: Auth) {
  const { db } = deps;
  return new Hono<SessionEnv>()
    .use(requireSession(auth))
    .get('/status', (c) => c.json<WolfebotStatus>({ ai: aiStatus(deps.ai, 'wolfebot') }))
    .get('/conversations', async (c) => c.json({ conversations: await listConversations(db, c.var.user.id) }))
    .post('/conversations', async (c) => {
      const { title } = await parseJson(c, wolfebotCreateSchema);
      return c.json({ conversation: await createConversation(db, c.var.user.id, title) }, 201);
    })
    .get('/conversations/:id', async (c) => c.json(await getConversation(db, c.var.user.id, c.req.param('id'))))
    .patch('/conversations/:id', async (c) => {
      const { title } = await parseJson(c, wolfebotRenameSchema);
      return c.json({ conversation: await renameConversation(db, c.var.user.id, c.req.param('id'), title) });
    })
    .delete('/conversations/:id', async (c) => {
      await deleteConversation(db, c.var.user.id, c.req.param('id'));
      return c.body(null, 204);
    })
    .post('/conversations/:id/messages', async (c) => {
      const { text } = await parseJson(c, wolfebotMessageRequestSchema);
      const started = await ask(deps, c.var.user.id, c.req.param('id'), text);
      c.header('content-type', `${WOLFEBOT_STREAM_TYPE}; charset=utf-8`);
      c.header('cache-control', 'no-store');
      c.header('x-accel-buffering', 'no');
      return stream(c, async (out) => {
        const send = (event: WolfebotEvent) => out.write(`${JSON.stringify(event)}\n`);
        await send({ type: 'message', message: started.userMessage });
        await send({ type: 'message', message: started.assistantMessage });
        for await (const event of started.events) {
          // The reader went away: the answer goes on without it (it is stored as it streams).
          if (out.aborted || out.closed) return;
          await send(event);
        }
      });
    });
}
