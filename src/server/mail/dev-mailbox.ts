// The development mailbox: captured mails (no SMTP_URL) readable in the browser. Never mounted in
// production. Every value is escaped by hono/html.
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

export function devMailboxRoutes(db: Database) {
  return new Hono().get('/', async (c) => {
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
