// /api/unsubscribe?token=…: GET describes the alert for the page; POST turns it off. POST is what
// mail clients send for List-Unsubscribe-Post (RFC 8058: body `List-Unsubscribe=One-Click`,
// form-encoded, no cookies, from the provider's servers) and what the page's button sends. The
// token is the only credential: no session, and no origin check (app.ts mounts these routes before
// the API's same-origin rule) since no ambient credential is involved; the body is not read.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../../../shared/messages.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { describeAlert, unsubscribe } from './service.ts';

export function unsubscribeRoutes(db: Database, secret: string) {
  return new Hono()
    .use(
      bodyLimit({
        maxSize: 4 * 1024,
        onError: () => {
          throw new AppError('body_too_large', messages.errors.bodyTooLarge);
        },
      }),
    )
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      // A mail client without RFC 8058 opens the List-Unsubscribe address in a browser: send the
      // person to the page, which asks before it unsubscribes (a GET never changes anything).
      if (c.req.header('accept')?.includes('text/html')) {
        return c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 302);
      }
      return c.json(await describeAlert(db, secret, c.req.query('token')));
    })
    .post('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await unsubscribe(db, secret, c.req.query('token')));
    });
}
