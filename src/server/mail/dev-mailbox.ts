// The development mailbox: captured mails (no SMTP_URL) readable in the browser. Never mounted in
// production, and answered only to this machine: the server listens on every interface by
// default, and these mails hold sign-in codes and links. Every value is escaped by hono/html.
import type { HttpBindings } from '@hono/node-server';
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function devMailboxRoutes(db: Database) {
  return new Hono<{ Bindings: HttpBindings }>().get('/', async (c) => {
    // The socket's own address, never X-Forwarded-For: a proxy in front would make everyone local.
    if (!LOOPBACK.has(c.env?.incoming?.socket?.remoteAddress ?? '')) throw new AppError('not_found', messages.errors.notFound);
    const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    return c.html(html`<!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>Dev mailbox | Enterprise OS</title>
      <style>body{font:14px system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}small{color:#666}</style></head>
      <body><h1>Development mailbox</h1><p>Mails the app would have sent (no <code>SMTP_URL</code> is set), newest first. This page does not exist in production.</p>
      ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
      ${mails.map(
        (m) => html`<article><h2>${m.subject}</h2><small>To ${m.toAddress} · ${m.kind} · ${m.status} · ${m.createdAt.toISOString()}</small>
          <pre>${m.textBody}</pre>
          ${(m.textBody.match(URL_IN_TEXT) ?? []).map((u) => html`<p><a href="${u}">${u}</a></p>`)}</article>`,
      )}
      ${raw('')}</body></html>`);
  });
}
