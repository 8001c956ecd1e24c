// GET /api/events: the signed-in user's live changes as Server-Sent Events. The stream carries only
// which table changed (never row data); the page reloads what it shows through the normal,
// ownership-checked endpoints.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Auth } from '../auth/auth.ts';
import { requireSession, type SessionEnv } from '../http/session.ts';
import type { HubEvent, RealtimeHub } from './hub.ts';

/** Comments keep proxies from closing an idle stream; the session is re-checked on the same beat. */
export const HEARTBEAT_MS = 25_000;

export function eventRoutes(hub: RealtimeHub, auth: Auth, heartbeatMs = HEARTBEAT_MS) {
  return new Hono<SessionEnv>().get('/', requireSession(auth), (c) => {
    const userId = c.var.user.id;
    const headers = c.req.raw.headers;
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const queue: HubEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = hub.subscribe(userId, (event) => {
        queue.push(event);
        wake?.();
      });
      let open = true;
      const stop = () => {
        open = false;
        wake?.();
      };
      stream.onAbort(stop);
      void hub.closing.then(stop);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
        let lastBeat = Date.now();
        while (open) {
          if (queue.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, heartbeatMs - (Date.now() - lastBeat)).unref();
            });
            wake = null;
          }
          for (const event of queue.splice(0)) {
            await stream.writeSSE(
              event.op === 'RESYNC' ? { event: 'resync', data: '{}' } : { event: 'change', data: JSON.stringify(event) },
            );
          }
          if (open && Date.now() - lastBeat >= heartbeatMs) {
            lastBeat = Date.now();
            // A session revoked elsewhere (sign-out, password reset) ends the stream.
            const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
            if (!session) {
              await stream.writeSSE({ event: 'session-ended', data: '{}' });
              break;
            }
            await stream.write(': keep-alive\n\n');
          }
        }
      } finally {
        unsubscribe();
      }
    });
  });
}
