// GET /api/events: the signed-in user's live changes as Server-Sent Events. The stream carries only
// which table changed (never row data); the page reloads what it shows through the normal,
// ownership-checked endpoints (ADR 008).
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { UserTable } from '../../shared/live.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSession, type SessionEnv } from '../http/session.ts';
import { AppError } from '../lib/app-error.ts';
import { type HubEvent, MAX_STREAMS_PER_USER, type RealtimeHub } from './hub.ts';

/** Comments keep proxies from closing an idle stream; the session is re-checked on the same beat. */
const HEARTBEAT_MS = 25_000;

/**
 * What a stream still has to send. Changes to one table coalesce into one event (the page reloads
 * that table's queries once however many rows changed), so a burst cannot queue without bound.
 */
export class PendingEvents {
  private tables = new Map<UserTable, HubEvent>();
  private resync = false;
  add(event: HubEvent) {
    if (event.table === '*') this.resync = true;
    else this.tables.set(event.table, event);
  }
  get empty() {
    return !this.resync && this.tables.size === 0;
  }
  take(): HubEvent[] {
    const events: HubEvent[] = this.resync ? [{ table: '*', op: 'RESYNC' }] : [...this.tables.values()];
    this.resync = false;
    this.tables.clear();
    return events;
  }
}

export function eventRoutes(hub: RealtimeHub, auth: Auth, heartbeatMs = HEARTBEAT_MS) {
  return new Hono<SessionEnv>().get('/', requireSession(auth, { openDuringSetup: true }), (c) => {
    const pending = new PendingEvents();
    let wake: (() => void) | null = null;
    // A change to the user's sessions may be this stream's own being signed out (from the sessions
    // list, elsewhere): it is checked at once, not at the next heartbeat (issue 30 §3).
    let checkSession = false;
    const unsubscribe = hub.subscribe(c.var.user.id, (event) => {
      if (event.table === 'sessions' || event.table === '*') checkSession = true;
      pending.add(event);
      wake?.();
    });
    if (!unsubscribe) {
      throw new AppError('too_many_streams', `Live updates are limited to ${MAX_STREAMS_PER_USER} open pages at a time.`);
    }
    const headers = c.req.raw.headers;
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let open = true;
      const stop = () => {
        open = false;
        wake?.();
      };
      stream.onAbort(stop);
      hub.closed.addEventListener('abort', stop, { once: true });
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
        let lastBeat = Date.now();
        while (open) {
          if (pending.empty) {
            let timer: ReturnType<typeof setTimeout> | undefined;
            await new Promise<void>((resolve) => {
              wake = resolve;
              timer = setTimeout(resolve, heartbeatMs - (Date.now() - lastBeat));
            });
            clearTimeout(timer);
            wake = null;
          }
          if (checkSession) {
            checkSession = false;
            // One statement by the cookie's token, no write (session-lookup.ts): a deleted session, or
            // a suspended user's, is gone.
            const found = await auth.lookupSession(headers.get('cookie') ?? '');
            if (found.state === 'none' || found.state === 'suspended') {
              // Renewed in this browser (two-factor turned on or off, a new password): close quietly;
              // the browser reconnects with its new cookie.
              if (found.state === 'none' && (await auth.wasSessionRenewed(c.var.user.sessionId))) break;
              await stream.writeSSE({ event: 'session-ended', data: '{}' });
              break;
            }
          }
          for (const event of pending.take()) {
            await stream.writeSSE(
              event.op === 'RESYNC' ? { event: 'resync', data: '{}' } : { event: 'change', data: JSON.stringify(event) },
            );
          }
          if (open && Date.now() - lastBeat >= heartbeatMs) {
            lastBeat = Date.now();
            // A session revoked elsewhere (sign-out, password reset) or past its lifetime (auth.ts's
            // before hook deletes it first) ends the stream.
            const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
            if (!session && (await auth.wasSessionRenewed(c.var.user.sessionId, 0))) break;
            if (!session) {
              await stream.writeSSE({ event: 'session-ended', data: '{}' });
              break;
            }
            await stream.write(': keep-alive\n\n');
          }
        }
      } finally {
        hub.closed.removeEventListener('abort', stop);
        unsubscribe();
      }
    });
  });
}
