// The main text of a publisher's article page, for the model to read: Mozilla's Readability (what
// Firefox's reader view runs) on a linkedom document, plus the page's structured data (JSON-LD and
// meta tags) for the title, publisher, date and paywall, and for the text itself when the page
// carries it only in a script (Next.js and Vue sites; paywalled pages that give search engines the
// whole article).
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { asArray, isJsonObject, type JsonObject, metaTags, schemaItems, schemaTypes } from '../web/structured-data.ts';
import { BLOCK_ELEMENTS, capText, htmlToLine, htmlToText, httpUrl } from '../web/text.ts';
import { dropBoilerplate, readerParagraphs, unwrapEmbeddedPosts } from './boilerplate.ts';

export type ArticleStatus = 'ok' | 'paywalled' | 'failed';
export type ExtractedArticle = {
  /**
   * 'paywalled': the publisher marks the article as not free to read. `text` is then whatever the
   * page carried: a teaser, or the whole article when the paywall is put up by script in the browser.
   * 'failed': no article text of substance was found (`text` is '').
   */
  status: ArticleStatus;
  /** Plain text. */
  title: string | null;
  publisher: string | null;
  /** ISO 8601; without a zone when the page gives none. */
  publishedAt: string | null;
  /** Absolute http(s). */
  canonicalUrl: string | null;
  /** Plain text, paragraphs separated by a blank line, at most ARTICLE_MAX_CHARS. */
  text: string;
};

export const ARTICLE_MAX_CHARS = 100_000;
/** Less text than this is a caption, a cookie notice or a list of links, not an article. */
const MIN_ARTICLE_CHARS = 200;
const TITLE_MAX_CHARS = 300;
const PUBLISHER_MAX_CHARS = 100;

// linkedom's parser and Readability both slow down with the square of the nesting depth (a 2 MB page
// of unclosed <div>s takes linkedom a minute; 20,000 nested ones take Readability half a minute). A
// hostile page must not stall the server: past these bounds the page is not parsed, or not given to
// Readability. Real articles have one to a few thousand elements, nested at most a few dozen deep;
// at the bounds, extraction takes a second or two.
const MAX_TAGS = 20_000;
/** Elements × deepest nesting. */
const MAX_READABILITY_WORK = 500_000;

export const PARAGRAPH_BREAK = '\n\n';

export function extractArticle(html: string, pageUrl: string): ExtractedArticle {
  const failed: ExtractedArticle = { status: 'failed', title: null, publisher: null, publishedAt: null, canonicalUrl: null, text: '' };
  if (countTags(html, MAX_TAGS + 1) > MAX_TAGS) return failed;
  let document: Document;
  try {
    document = parseHTML(html).document as unknown as Document;
  } catch {
    return failed;
  }

  // Readability rewrites the document (scripts go first), so the page's own data is read before it runs.
  const meta = metaTags(html);
  const data = articleData(html);
  const publisher = firstText(PUBLISHER_MAX_CHARS, publisherName(data), meta.get('og:site_name'));
  const publishedAt = publishedDate(document, meta, data);
  const canonicalUrl = canonicalLink(document, pageUrl) ?? httpUrl(meta.get('og:url'), pageUrl);
  const paywalled = declaresPaywall(document, meta, data);

  unwrapEmbeddedPosts(document);
  const read = readable(document);
  const dataText = paragraphs(htmlToText(firstString(data.map((item) => item.articleBody)) ?? ''));
  let text = read.text;
  // The page's articleBody when Readability found nothing, or something else: on SCMP, the captions
  // and the author's bio around the emptied paywall box. An articleBody much shorter than what
  // Readability found is a summary, not the article.
  if (dataText.length >= MIN_ARTICLE_CHARS && dataText.length >= text.length / 2 && !sameOpening(text, dataText)) text = dataText;
  text = capText(text, ARTICLE_MAX_CHARS);

  const title = firstText(
    TITLE_MAX_CHARS,
    wholeHeadline(firstString(data.map((item) => item.headline))),
    meta.get('og:title'),
    meta.get('twitter:title'),
    read.title,
  );
  const article = { title: title && stripPublisherSuffix(title, publisher), publisher, publishedAt, canonicalUrl };
  if (paywalled) return { status: 'paywalled', ...article, text };
  if (text.length < MIN_ARTICLE_CHARS) return { ...failed, ...article };
  return { status: 'ok', ...article, text };
}

/** How many tags the HTML opens, counting no further than `stop`: one linear scan, before any parsing. */
function countTags(html: string, stop: number): number {
  const tag = /<[a-zA-Z]/g;
  let count = 0;
  while (count < stop && tag.exec(html)) count += 1;
  return count;
}

/** Readability's article, as plain paragraphs; nothing when it found none, failed, or the page is too deep to give it. */
function readable(document: Document): { title: string | null; text: string } {
  const none = { title: null, text: '' };
  if (readabilityWork(document) > MAX_READABILITY_WORK) return none;
  try {
    const article = new Readability<Node>(document, { serializer: (node) => node }).parse();
    if (!article?.content) return none;
    dropBoilerplate(article.content as Element);
    return { title: article.title || null, text: readerParagraphs(blockParagraphs(article.content)).join(PARAGRAPH_BREAK) };
  } catch {
    // Readability assumes a <body> and more: a page it trips on is a page without an article.
    return none;
  }
}

function readabilityWork(document: Document): number {
  let elements = 0;
  let deepest = 0;
  const stack: Array<[Element, number]> = document.documentElement ? [[document.documentElement, 1]] : [];
  while (stack.length) {
    const [element, depth] = stack.pop()!;
    elements += 1;
    deepest = Math.max(deepest, depth);
    for (const child of element.children) stack.push([child, depth + 1]);
  }
  return elements * deepest;
}

const CELL_ELEMENTS = new Set(['td', 'th']);
const SKIPPED_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'button', 'select', 'textarea']);
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** The text under `root`, one entry per paragraph, heading or list item; inline markup joins its words as written. */
function blockParagraphs(root: Node): string[] {
  const blocks: string[] = [];
  let current = '';
  const breakBlock = () => {
    blocks.push(current);
    current = '';
  };
  const visit = (node: Node) => {
    if (node.nodeType === TEXT_NODE) current += node.nodeValue ?? '';
    if (node.nodeType !== ELEMENT_NODE) return;
    const name = (node as Element).localName;
    if (SKIPPED_ELEMENTS.has(name)) return;
    const block = BLOCK_ELEMENTS.has(name);
    if (block) breakBlock();
    else if (CELL_ELEMENTS.has(name)) current += ' ';
    for (const child of node.childNodes) visit(child);
    if (block) breakBlock();
  };
  visit(root);
  breakBlock();
  return blocks.map(tidyParagraph);
}

/** Plain text (newlines apart) to paragraphs a blank line apart. */
function paragraphs(text: string): string {
  return readerParagraphs(text.split(/\n+/).map(tidyParagraph)).join(PARAGRAPH_BREAK);
}

// Control and invisible characters (soft hyphens, zero-width spaces, byte-order marks) only get in the way.
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200d\u2060\ufeff]/g;

/** One paragraph as one line: invisible characters dropped, whitespace collapsed. */
export function tidyParagraph(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** Whether `text` has the opening words of `other`: the same article, however each was laid out. */
function sameOpening(text: string, other: string): boolean {
  const words = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const opening = words(other).split(' ').slice(0, 12).join(' ');
  return words(text).includes(opening);
}

// schema.org's Article and its kinds: NewsArticle, OpinionNewsArticle, ReportageNewsArticle, BlogPosting, Report…
const ARTICLE_TYPE = /(Article|BlogPosting|^Report)$/;

/** The page's JSON-LD Article objects (at the top, in arrays, in @graph, or a WebPage's mainEntity). */
function articleData(html: string): JsonObject[] {
  return schemaItems(html, { through: ['@graph', 'mainEntity'] }).filter((item) =>
    schemaTypes(item).some((type) => ARTICLE_TYPE.test(type)),
  );
}

function firstString(values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** The first value that is text once tags and entities are gone, capped; else null. */
function firstText(max: number, ...values: Array<string | null | undefined>): string | null {
  for (const value of values) {
    const line = value ? htmlToLine(value) : '';
    if (line) return capText(line, max);
  }
  return null;
}

/** Publishers cut JSON-LD headlines to 110 characters (Google's old limit), marking the cut with an ellipsis. */
function wholeHeadline(headline: string | undefined): string | undefined {
  return headline && !/(\.\.\.|…)\s*$/.test(headline) ? headline : undefined;
}

function publisherName(data: JsonObject[]): string | undefined {
  const publishers = data.flatMap((item) => asArray(item.publisher));
  return firstString(publishers.map((publisher) => (isJsonObject(publisher) ? publisher.name : publisher)));
}

const PUBLISHED_META = ['article:published_time', 'og:article:published_time', 'datepublished', 'parsely-pub-date', 'dc.date.issued'];

function publishedDate(document: Document, meta: Map<string, string>, data: JsonObject[]): string | null {
  for (const value of [...data.map((item) => item.datePublished), ...PUBLISHED_META.map((name) => meta.get(name))]) {
    const date = typeof value === 'string' ? isoDate(value) : null;
    if (date) return date;
  }
  // A <time> marked as the publication, else the first that is not marked as something else (NYT's is the update).
  const times = [...document.querySelectorAll('time[datetime]')];
  const published =
    times.find((time) => time.getAttribute('itemprop') === 'datePublished' || time.hasAttribute('pubdate')) ??
    times.find((time) => !time.hasAttribute('itemprop'));
  return isoDate(published?.getAttribute('datetime'));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An ISO 8601 date, date-time or date-time with zone ("2017-11-16T14:15+0000", "2019-04-28 06:01:07")
 * as ISO 8601: UTC when the page gives a zone, the page's own wall time when it gives none. Other
 * formats ("Fri Mar 13 21:30:09 EST 2015") are not guessed at.
 */
export function isoDate(value: string | null | undefined): string | null {
  const match = value?.trim().match(ISO_DATE);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00', fraction, zone] = match;
  const date = `${year}-${month}-${day}`;
  if (!hour) return Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? null : date;
  const local = `${date}T${hour}:${minute}:${second}${fraction ? `.${fraction.slice(0, 3).padEnd(3, '0')}` : ''}`;
  if (!zone) return Number.isNaN(Date.parse(`${local}Z`)) ? null : local;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const at = new Date(`${local}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

function canonicalLink(document: Document, pageUrl: string): string | null {
  for (const link of document.querySelectorAll('link[rel][href]')) {
    const rel = link.getAttribute('rel')!.toLowerCase().split(/\s+/);
    if (rel.includes('canonical')) return httpUrl(link.getAttribute('href'), pageUrl);
  }
  return null;
}

const notFree = (value: unknown) => value === false || (typeof value === 'string' && /^(false|no)$/i.test(value.trim()));

/**
 * What publishers declare for search engines: schema.org's isAccessibleForFree (on the article or the
 * part of it behind the paywall), the article:content_tier meta tag ('locked' or 'metered'), and the
 * `paywall` class News Corp Australia (the Herald Sun) puts on a paywalled story's <body>.
 */
function declaresPaywall(document: Document, meta: Map<string, string>, data: JsonObject[]): boolean {
  const parts = data.flatMap((item) => asArray(item.hasPart)).filter(isJsonObject);
  if ([...data, ...parts].some((item) => notFree(item.isAccessibleForFree))) return true;
  if (notFree(meta.get('isaccessibleforfree'))) return true;
  if (/^(locked|metered)$/i.test(meta.get('article:content_tier') ?? '')) return true;
  return [document.documentElement, document.querySelector('body')].some((element) =>
    element?.getAttribute('class')?.split(/\s+/).includes('paywall'),
  );
}

/** Headlines often end with " - Publisher" (Google News' always do); drop that suffix when it names this item's publisher. */
export function stripPublisherSuffix(title: string, publisher: string | null): string {
  if (!publisher) return title;
  for (const separator of [' - ', ' | ', ' — ', ' – ']) {
    const suffix = `${separator}${publisher}`;
    if (title.length > suffix.length && title.toLowerCase().endsWith(suffix.toLowerCase())) return title.slice(0, -suffix.length).trim();
  }
  return title;
}
