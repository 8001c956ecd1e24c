import type { Context } from 'hono';

/** A signal that fires when the browser goes away (page closed, Cancel), to stop the work it asked for. */
export function cancelOnDisconnect(c: Context): AbortController {
  const cancel = new AbortController();
  c.req.raw.signal.addEventListener('abort', () => cancel.abort(), { once: true });
  if (c.req.raw.signal.aborted) cancel.abort();
  return cancel;
}
