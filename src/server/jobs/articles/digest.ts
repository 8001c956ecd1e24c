// Alerts without an AI provider (issue 14, item 6): the new articles still go out, like Google
// Alerts: title, publisher, date, the article's opening sentences and the publisher's link, under a
// label that says nothing was analysed, so nobody mistakes the list for a judgement.

import type { Retrieved } from '../../ai/grounding.ts';
import type { EmailArticle } from '../../mail/alert-emails/types.ts';

export const NOT_ANALYSED = 'Not analysed: no AI provider configured.';
/** Opening sentences shown per article: about two. */
const OPENING_MAX_CHARS = 300;

/** The first sentences of a text, whole, within `max` characters (cut at a word when one sentence is longer). */
export function openingSentences(text: string, max = OPENING_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const sentences = flat.match(/[^.!?]+(?:[.!?]+["'”’)]*|$)\s*/g) ?? [flat];
  let out = '';
  for (const sentence of sentences) {
    if ((out + sentence).trimEnd().length > max) break;
    out += sentence;
  }
  if (out.trim()) return out.trim();
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd()}…`;
}

/** A retrieved article as a digest item: its own opening when its text was read, else the headline alone. */
export function digestArticle(doc: Retrieved): EmailArticle {
  return {
    title: doc.title ?? doc.url,
    url: doc.url,
    publisher: doc.publisher,
    publishedAt: doc.publishedAt,
    summary: doc.evidence === 'article' ? openingSentences(doc.text) || null : null,
    ...(doc.evidence === 'headline' ? { headlineOnly: true } : {}),
    ...(doc.googleLink ? { googleLink: true } : {}),
  };
}
