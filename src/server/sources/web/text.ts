// HTML to plain text for documents we hand to the model and titles we show. Everything from a
// third party goes through here: no tag survives, entities are decoded, whitespace is tidied.
import { decodeHTML } from 'entities';
import { Tokenizer } from 'htmlparser2';

// What an entity stands for, as our text wants it: a space is a plain space (&nbsp;, &emsp;…);
// invisible format characters (&shy;, &zwj;, &lrm;…) and control characters would smuggle odd
// characters into titles and the model's text, so they go, tabs and newlines aside. A reference to
// no character (&#0;, a surrogate) decodes to U+FFFD, which goes too.
const ODD_CHARACTER = /[\p{Cc}\p{Cf}\uFFFD]/gu;
const plainCharacters = (decoded: string) =>
  decoded.replace(/\p{Zs}/gu, ' ').replace(ODD_CHARACTER, (character) => (character === '\t' || character === '\n' ? character : ''));

/** Named and numeric character references as HTML defines them (the `entities` package's table), one by one. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (reference) => plainCharacters(decodeHTML(reference)));
}

// Third-party HTML is read with htmlparser2's tokenizer, in one linear pass whatever the input:
// never with backtracking patterns, and not with its Parser either, whose element stack makes
// deeply nested input quadratic. A hostile filing must not be able to stall the server.
const DROPPED_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'object', 'iframe']);
/** Elements that end a line of text: filings, feeds and publisher pages alike (article-text.ts). */
export const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'title',
  'tr',
  'ul',
]);
// After decoding, `&lt;b&gt;` has become `<b>`: a tag again. Remove anything tag-shaped so no
// markup reaches a title or the model, whatever the escaping layers were.
const TAG_SHAPED = /<\/?[a-zA-Z!?][^<>]*>/g;

type HtmlVisitor = {
  text?(text: string): void;
  open?(name: string, attrs: Record<string, string>): void;
  close?(name: string): void;
};

/**
 * Walks the HTML once. Text and tags inside dropped elements (scripts, styles, the head…) are not
 * visited; entities are left as written (decodeEntities below drops control characters too).
 */
export function walkHtml(html: string, visit: HtmlVisitor, options: { keepDropped?: boolean } = {}) {
  let dropped = 0;
  let tag = '';
  let attrs: Record<string, string> = {};
  let attrName = '';
  let attrValue = '';
  const isDropped = (name: string) => !options.keepDropped && DROPPED_ELEMENTS.has(name);
  const opened = (selfClosing: boolean) => {
    if (isDropped(tag)) dropped += selfClosing ? 0 : 1;
    else if (!dropped) {
      visit.open?.(tag, attrs);
      if (selfClosing) visit.close?.(tag);
    }
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase();
        attrs = {};
      },
      onattribname(start, end) {
        attrName = html.slice(start, end).toLowerCase();
        attrValue = '';
      },
      onattribdata(start, end) {
        attrValue += html.slice(start, end);
      },
      onattribentity() {},
      onattribend() {
        attrs[attrName] ??= attrValue;
      },
      onopentagend: () => opened(false),
      onselfclosingtag: () => opened(true),
      onclosetag(start, end) {
        const name = html.slice(start, end).toLowerCase();
        if (isDropped(name)) dropped = Math.max(0, dropped - 1);
        else if (!dropped) visit.close?.(name);
      },
      ontext(start, end) {
        if (!dropped) visit.text?.(html.slice(start, end));
      },
      ontextentity() {},
      oncdata(start, end, offset) {
        if (!dropped) visit.text?.(html.slice(start, end - offset));
      },
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}

/** HTML (or text that may contain HTML) to plain text; keeps paragraph breaks as newlines. */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  // Block elements break lines; any other tag separates words, as a browser's layout would.
  const boundary = (name: string) => parts.push(BLOCK_ELEMENTS.has(name) ? '\n' : ' ');
  walkHtml(html, { text: (text) => parts.push(text), open: boundary, close: boundary });
  return tidyWhitespace(decodeEntities(parts.join('')).replace(TAG_SHAPED, ' '));
}

/** The text of the page's <title>, or '' (the <head> is otherwise dropped). */
export function htmlTitle(html: string): string {
  let depth = 0;
  const title: string[] = [];
  walkHtml(
    html,
    {
      open: (name) => {
        if (name === 'title') depth += 1;
      },
      close: (name) => {
        if (name === 'title') depth = Math.max(0, depth - 1);
      },
      text: (text) => {
        if (depth) title.push(text);
      },
    },
    { keepDropped: true },
  );
  return htmlToLine(title.join(''));
}

/** Titles that name no document: what Workiva (most EDGAR exhibits) and editors put by default. */
const PLACEHOLDER_TITLE = /^(document|untitled( document)?|new document|page \d+|[\w-]+\.html?)$/i;
export const isPlaceholderTitle = (title: string) => PLACEHOLDER_TITLE.test(title.trim());

/**
 * A document's headline, for when its <title> names nothing (EDGAR's Workiva exhibits are all
 * "Document"): its first <h1>, else the text set in the largest inline font (at least 14 pt),
 * 10 to 200 characters; null when there is neither.
 */
export function documentHeadline(html: string): string | null {
  type Run = { size: number; heading: boolean; text: string[] };
  const open: { name: string; run: Run | null }[] = [];
  const runs: Run[] = [];
  walkHtml(html, {
    open: (name, attrs) => {
      const size = /font-size:\s*([\d.]+)\s*(pt|px)/i.exec(attrs.style ?? '');
      const heading = name === 'h1';
      const run =
        heading || size ? { size: size ? Number(size[1]) * (size[2]!.toLowerCase() === 'px' ? 0.75 : 1) : 0, heading, text: [] } : null;
      if (run) runs.push(run);
      open.push({ name, run });
    },
    close: (name) => {
      const at = open.findLastIndex((entry) => entry.name === name);
      if (at >= 0) open.length = at;
    },
    text: (text) => {
      const run = open.findLast((entry) => entry.run)?.run;
      if (run) run.text.push(text);
    },
  });
  const candidates = runs
    .map((run) => ({ ...run, line: htmlToLine(run.text.join(' ')) }))
    .filter((run) => run.line.length >= 10 && run.line.length <= 200);
  const heading = candidates.find((run) => run.heading);
  if (heading) return heading.line;
  const largest = candidates.filter((run) => run.size >= 14).sort((a, b) => b.size - a.size)[0];
  return largest?.line ?? null;
}

/** Each table row's cells as plain text, and the first link's href in it (entity-decoded). */
export function htmlTableRows(html: string): Array<{ cells: string[]; href: string | null }> {
  const rows: Array<{ cells: string[]; href: string | null }> = [];
  let row: { cells: string[]; href: string | null } | null = null;
  let cell: string[] | null = null;
  walkHtml(html, {
    open(name, attrs) {
      if (name === 'tr') row = { cells: [], href: null };
      else if ((name === 'td' || name === 'th') && row) cell = [];
      else if (name === 'a' && row && !row.href && attrs.href) row.href = decodeEntities(attrs.href);
      if (cell && name !== 'td' && name !== 'th') cell.push(' ');
    },
    close(name) {
      if ((name === 'td' || name === 'th') && row && cell) {
        row.cells.push(htmlToLine(cell.join('')));
        cell = null;
      } else if (name === 'tr' && row) {
        rows.push(row);
        row = null;
      }
    },
    text(text) {
      cell?.push(text);
    },
  });
  return rows;
}

/** Plain one-line text: for titles and snippets. */
export function htmlToLine(html: string): string {
  return htmlToText(html).replace(/\s+/g, ' ').trim();
}

function tidyWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** At most `max` characters, cut at a word boundary when one is near, marked with an ellipsis. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.search(/\s\S*$/);
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}

/** Only http(s) addresses are shown to users or followed. */
export function httpUrl(value: string | null | undefined, base?: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
