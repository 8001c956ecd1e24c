// What a page states about itself for search engines and link previews: its meta tags and its
// JSON-LD schema.org objects. Read one way for a company's home page and a publisher's article;
// what the data means (an Organization, an Article) is the reader's own business (company/, news/).
// Read with the kit's one-pass walker: a hostile page costs linear time here too.
import { capText, decodeEntities, htmlToLine, walkHtml } from './text.ts';

export type JsonObject = Record<string, unknown>;
export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
/** schema.org lets any value be one thing or a list of them: always a list. */
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/**
 * meta property/name/itemprop (lower case) → content, entities decoded (as a browser reads an
 * attribute) and trimmed; the first of each wins. Pages saved by Postlight's (Mercury) parser carry
 * `value` in place of `content`.
 */
export function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  walkHtml(
    html,
    {
      open(name, attrs) {
        if (name !== 'meta') return;
        const content = decodeEntities(attrs.content ?? attrs.value ?? '').trim();
        if (!content) return;
        for (const key of [attrs.property, attrs.name, attrs.itemprop]) {
          const normalised = key?.trim().toLowerCase();
          if (normalised && !tags.has(normalised)) tags.set(normalised, content);
        }
      },
    },
    { keepDropped: true },
  );
  return tags;
}

/** The parsed JSON-LD blocks of a page (a broken block, like the Telegraph's entity-mangled one, is skipped; the others still count). */
function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  let script: string[] | null = null;
  walkHtml(
    html,
    {
      open(name, attrs) {
        if (name === 'script' && attrs.type?.trim().toLowerCase() === 'application/ld+json') script = [];
      },
      close(name) {
        if (name !== 'script' || !script) return;
        const source = script
          .join('')
          .replace(/^\s*(<!--|\/\/\s*<!\[CDATA\[)/, '')
          .replace(/(-->|\/\/\s*\]\]>)\s*$/, '');
        script = null;
        try {
          blocks.push(JSON.parse(source));
        } catch {}
      },
      text(text) {
        script?.push(text);
      },
    },
    { keepDropped: true },
  );
  return blocks;
}

/** Bounds on walking JSON-LD: real pages hold a few dozen objects, a few levels deep. */
const MAX_SCHEMA_DEPTH = 8;
const MAX_SCHEMA_ITEMS = 2_000;

/**
 * Every typed object in the page's JSON-LD, a parent before what it holds: wherever it sits (@graph,
 * an Organization's employees, an ItemList…), or only down the properties `through` names (an
 * article's own data is at the top, in @graph or in a WebPage's mainEntity, not in its related links).
 */
export function schemaItems(html: string, options: { through?: readonly string[] } = {}): JsonObject[] {
  const found: JsonObject[] = [];
  const collect = (value: unknown, depth: number) => {
    if (depth > MAX_SCHEMA_DEPTH) return;
    for (const item of asArray(value)) {
      // Counted per item: a flat list of thousands is as many objects as a deep one.
      if (found.length >= MAX_SCHEMA_ITEMS) return;
      if (!isJsonObject(item)) continue;
      if (schemaTypes(item).length) found.push(item);
      const children = options.through ? options.through.map((key) => item[key]) : Object.values(item);
      for (const child of children) if (typeof child === 'object') collect(child, depth + 1);
    }
  };
  for (const block of jsonLdBlocks(html)) collect(block, 0);
  return found;
}

/** An object's schema.org types, however "@type" is written: "Person", "schema:Person" or "https://schema.org/Person". */
export function schemaTypes(item: JsonObject): string[] {
  return asArray(item['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^.*[/:]/, ''));
}

/** A schema.org text value as one line of plain text, capped: a string, the first of a list, or a thing's name (a DefinedTerm job title). */
export function schemaText(value: unknown, maxChars: number): string | null {
  for (const item of asArray(value)) {
    const raw = typeof item === 'string' ? item : isJsonObject(item) && typeof item.name === 'string' ? item.name : null;
    const line = raw ? htmlToLine(raw) : '';
    if (line) return capText(line, maxChars);
  }
  return null;
}
