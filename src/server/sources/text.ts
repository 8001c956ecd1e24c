// HTML to plain text for documents we hand to the model and titles we show. Everything from a
// third party goes through here: no tag survives, entities are decoded, whitespace is tidied.

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  hellip: '…',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  laquo: '«',
  raquo: '»',
  shy: '',
  zwj: '',
  zwnj: '',
};

function codePoint(n: number): string {
  if (n === 9 || n === 10) return String.fromCodePoint(n);
  // Control characters and invalid code points would smuggle odd characters into the text: drop them.
  if (!Number.isFinite(n) || n < 0x20 || (n >= 0x7f && n <= 0x9f) || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return '';
  return String.fromCodePoint(n);
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const hex = entity[1] === 'x' || entity[1] === 'X';
      return codePoint(Number.parseInt(entity.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    const named = NAMED_ENTITIES[entity.toLowerCase()] ?? NAMED_ENTITIES[entity];
    return named ?? match;
  });
}

const DROPPED_ELEMENTS = /<(script|style|noscript|template|head|svg|object|iframe)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BLOCK_TAGS =
  /<\/?(p|div|br|hr|li|ul|ol|tr|table|thead|tbody|h[1-6]|section|article|header|footer|blockquote|pre|dd|dt|title)\b[^>]*>/gi;
const CELL_TAGS = /<\/?(td|th)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;
// After decoding, `&lt;b&gt;` has become `<b>`: a tag again. Remove anything tag-shaped so no
// markup reaches a title or the model, whatever the escaping layers were.
const TAG_SHAPED = /<\/?[a-zA-Z!?][^<>]*>/g;

/** HTML (or text that may contain HTML) to plain text; keeps paragraph breaks as newlines. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(DROPPED_ELEMENTS, ' ')
    // An unclosed <script> (truncated or hostile input) drops everything after it.
    .replace(/<(script|style)\b[\s\S]*$/i, ' ')
    .replace(BLOCK_TAGS, '\n')
    .replace(CELL_TAGS, ' ')
    .replace(ANY_TAG, ' ');
  return tidyWhitespace(decodeEntities(text).replace(TAG_SHAPED, ' '));
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
