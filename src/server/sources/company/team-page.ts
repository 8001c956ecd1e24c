// The people a leadership or team page names: person cards, "Name, Title" lines and schema.org
// Person entries, read from the page's lines as a reader sees them (name and title fields on lines
// of their own) and its JSON-LD; what a job title looks like, and the words of team pages that are
// not names (the shape of a name is the kit's, web/person-name.ts). company-site.ts reads a site's
// pages and asks here who each one names, and for its text as lines.

import { firstPerPerson, isCredential, personNameRule } from '../web/person-name.ts';
import { type JsonObject, schemaItems, schemaText, schemaTypes } from '../web/structured-data.ts';
import { BLOCK_ELEMENTS, htmlToText, walkHtml } from '../web/text.ts';

export type SitePerson = { name: string; title: string; pageUrl: string };

/** A person's job title beyond this is a sentence, not a title. */
const PERSON_TITLE_MAX_CHARS = 120;

// --- People on a page -----------------------------------------------------------------------------

/**
 * The people a leadership or team page names with their titles: person cards (a name line and a
 * title line, or the title first, whichever the page does), "Name, Title" / "Name — Title" lines,
 * and schema.org Person entries in its JSON-LD. A name must look like a person's name and a title
 * like a job title; quotes and testimonials (mostly customers) are not read. One entry per name.
 */
export function peopleOnPage(html: string, pageUrl: string): SitePerson[] {
  const lines = pageLines(html, isNotAboutStaff);
  const found = peopleInLines(lines);
  const fromData = schemaItems(html)
    .filter((item) => schemaTypes(item).includes('Person'))
    .flatMap((item) => {
      const person = schemaPerson(item);
      return person?.title ? [{ name: person.name, title: person.title }] : [];
    });
  return firstPerPerson([...found, ...fromData].map(({ name, title }) => ({ name, title, pageUrl })));
}

const QUOTE_CLASS = /testimonial|quote|review/i;
const isNotAboutStaff: SkipRule = (name, attrs) =>
  isPageChrome(name, attrs) || name === 'blockquote' || name === 'q' || QUOTE_CLASS.test(attrs.class ?? '');

/** Longer than any name the rule takes: the cap only bounds the work on a hostile page. */
const NAME_PART_MAX_CHARS = 120;

/** A schema.org Person (or a founder written as a bare name) as a name the rule takes, with its job title when it gives one. */
export function schemaPerson(person: JsonObject): { name: string; title: string | null } | null {
  const written =
    schemaText(person.name, NAME_PART_MAX_CHARS) ??
    [schemaText(person.givenName, NAME_PART_MAX_CHARS), schemaText(person.familyName, NAME_PART_MAX_CHARS)].filter(Boolean).join(' ');
  const name = personName(written);
  return name ? { name, title: schemaText(person.jobTitle, PERSON_TITLE_MAX_CHARS) } : null;
}

/** The people named on the page's lines, in the page's order. */
function peopleInLines(lines: string[]): LinePerson[] {
  return [...peopleOnTheirLines(lines), ...pairedPeople(lines)].sort((a, b) => a.line - b.line);
}

type LinePerson = { line: number; name: string; title: string };

const NAME_TITLE_SEPARATOR = /\s*(?:,|\||—|–|:|\s-\s)\s*/g;

/** "Priya Raman, Chief Executive Officer", "Priya Raman — CEO", "Priya Raman (CEO)". */
function peopleOnTheirLines(lines: string[]): LinePerson[] {
  // A quote's attribution ("— Sam Porter, Director of Operations, Acme Freight") starts with a dash, which no name does.
  return lines.flatMap((line, index) => {
    const person = nameAndTitle(line);
    return person ? [{ line: index, ...person }] : [];
  });
}

function nameAndTitle(line: string): { name: string; title: string } | null {
  const parenthesised = /^(.+?)\s*\(([^()]+)\)$/.exec(line);
  if (parenthesised) {
    const name = personName(parenthesised[1]!);
    const title = name && jobTitle(parenthesised[2]!);
    if (name && title) return { name, title };
  }
  const separators = [...line.matchAll(NAME_TITLE_SEPARATOR)];
  const first = separators[0];
  if (!first) return null;
  const name = personName(line.slice(0, first.index));
  if (!name) return null;
  // Credentials after the name ("Jane Doe, PhD, Chief Scientist") belong to neither.
  let rest = first.index + first[0].length;
  for (const separator of separators.slice(1)) {
    if (!isCredential(line.slice(rest, separator.index))) break;
    rest = separator.index + separator[0].length;
  }
  const title = jobTitle(line.slice(rest));
  return title ? { name, title } : null;
}

/** Lines a person card puts between a name and a title: links and icons, pronouns. */
const CARD_NOISE =
  /^(linkedin|twitter|x|facebook|e-?mail|email me|bio|profile|more|learn more|read more|(read|view|see) (full )?(bio|biography|profile)|full (bio|biography)|close|[-–—+→›»×]|\(?(she|he|they)\s*\/\s*(her|him|them|hers|his|theirs)\)?)$/i;
/** A title broken over lines ("Vice President," / "Supply Chain Solutions") continues after these. */
const CONTINUED_TITLE = /(,|&|\band|\bof|\bfor|\/|-|–)$/i;

/**
 * Person cards: a name line then a title line, or a title then a name. The page's own order is the
 * one that pairs more people (reading "Name, Title, Name, Title" title-first pairs each title with the
 * next person's name, and finds one fewer).
 */
function pairedPeople(lines: string[]): LinePerson[] {
  const nameFirst = cardPeople(lines, true);
  const titleFirst = cardPeople(lines, false);
  return titleFirst.length > nameFirst.length ? titleFirst : nameFirst;
}

function cardPeople(lines: string[], nameFirst: boolean): LinePerson[] {
  const found: LinePerson[] = [];
  for (let i = 0; i < lines.length; i++) {
    const next = nextCardLine(lines, i);
    if (next < 0) break;
    if (nameFirst) {
      const name = personName(lines[i]!);
      const title = name ? titleFrom(lines, next) : null;
      if (!name || !title) continue;
      found.push({ line: i, name, title: title.text });
      i = title.end;
    } else {
      const title = nameAndTitle(lines[i]!) ? null : jobTitle(lines[i]!);
      const name = title ? personName(lines[next]!) : null;
      if (!title || !name) continue;
      found.push({ line: next, name, title });
      i = next;
    }
  }
  return found;
}

/** The next line that is not a card's link or icon (at most two are skipped); -1 at the end. */
function nextCardLine(lines: string[], from: number): number {
  for (let i = from + 1; i < lines.length && i <= from + 3; i++) if (!CARD_NOISE.test(lines[i]!)) return i;
  return -1;
}

/** The job title at `at`, with its continuation line when the title is broken over two; `end` is its last line. */
function titleFrom(lines: string[], at: number): { text: string; end: number } | null {
  const line = lines[at]!;
  // "Marcus Ellery, Chief Financial Officer" is Marcus's title, not the previous name's.
  if (nameAndTitle(line)) return null;
  const next = lines[at + 1];
  if (CONTINUED_TITLE.test(line) && next && !personName(next) && !CARD_NOISE.test(next)) {
    const joined = jobTitle(`${line} ${next}`);
    if (joined) return { text: joined, end: at + 1 };
  }
  const title = jobTitle(line);
  return title ? { text: title, end: at } : null;
}

// Words of job titles. "Head" only as "Head of …" or last ("Sales Head"): a "Head Office" is not a person's.
const ROLE_WORD =
  /\b(chief|officer|president|director|head of|manager|founder|co-?founder|partner|chair|chairman|chairwoman|chairperson|counsel|treasurer|secretary|controller|comptroller|principal|owner|trustee|lead|engineer|scientist|architect|strategist|advis[eo]r|evangelist|fellow|superintendent|administrator|coordinator|supervisor)\b|\bhead$/i;
const ROLE_ACRONYM = /\b(C[A-Z]{1,3}O|[SEA]?VP|GM)\b/;
/** Words of a sentence or a call to action, not of a title. */
const NOT_TITLE_WORD =
  /\b(said|says|added|announced|joins|joined|is|was|are|were|has|have|had|will|would|can|leads|led|oversees|manages|brings|helps|our|we|you|your|their|his|her|become|contact|learn|read|view|meet|join|get|see|apply)\b/i;
const MAX_TITLE_WORDS = 12;

/** The line as a job title ("Chief Financial Officer", "VP, People", "Head of Product"), or null. */
function jobTitle(line: string): string | null {
  // A title broken after its comma ("Vice President,") is shown without it.
  const title = line
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s,;:&/–-]+$/, '');
  if (title.length < 2 || title.length > PERSON_TITLE_MAX_CHARS) return null;
  if (!/^[\p{Lu}\d]/u.test(title) || /[@©®™]|https?:|www\./i.test(title)) return null;
  const words = title.split(' ');
  // A bio or a headline: a sentence ended, or words no title has.
  if (words.length > MAX_TITLE_WORDS || /[!?]$/.test(title) || (title.endsWith('.') && words.length > 6)) return null;
  if (NOT_TITLE_WORD.test(title)) return null;
  return ROLE_WORD.test(title) || ROLE_ACRONYM.test(title) ? title : null;
}

/**
 * Capitalised words of headings, menus and banners that are not names: a name with one of them is
 * not a person's ("Our Team", "Board of Directors", "Read More", "New York", "Supply Chain").
 */
const NOT_NAME_WORDS = new Set(
  `about all and our the this that team teams board directors director leadership leaders management executive executives read more bio
  biography view profile contact us news newsroom press company meet learn click here home careers career jobs investors investor relations
  people staff menu search privacy policy terms cookie cookies accept reject settings preferences manage login sign chief officer president
  vice founder founders partner partners head global senior group solutions solution services service products product platform supply
  chain inc llc ltd corp corporation systems technologies technology tech software holdings center centre office offices street avenue road
  suite new san los las north south east west united states kingdom america europe asia data cloud digital logistics automation analytics
  network networks media health energy financial finance bank capital industries industry international labs customer customers stories
  story case studies resources resource blog events event webinar webinars support help overview mission values history culture diversity
  inclusion sustainability governance report annual quarterly results latest featured upcoming welcome follow share subscribe download
  watch get started demo request free trial pricing features integrations why how what who we are is joins named names appoints appointed
  announces promoted welcomes hires elected award awards wins warehouse yard transportation planning retail manufacturing operations sales
  marketing engineering legal human revenue strategy innovation research development quality security compliance risk enterprise business
  partner program programs portal sitemap site map`.split(/\s+/),
);

/** The line as a person's name (2–4 names or initials, particles between), without honorific or degrees; else null. */
export const personName = personNameRule(NOT_NAME_WORDS);

// --- A page's lines ----------------------------------------------------------------------------------

/** Elements that never close, so never hold text; they are not kept on the open-element stack. */
const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '));
const CELL_ELEMENTS = new Set(['td', 'th']);
/**
 * Elements a person card marks as a name or a title: they are lines of their own even when they are
 * <span>s in one <a> ("<span class="name">…</span><span class="role">…</span>"), as the page shows them.
 */
const FIELD_CLASS = /name|title|role|position|designation|job/i;
/** hCard and CMS parts of one name: they stay on the name's line. */
const NAME_PART_CLASS = /(given|family|first|last|middle|additional)[-_]?name/i;
/** Deeper nesting than this is not tracked (a hostile page must not make the walk quadratic). */
const MAX_TRACKED_DEPTH = 400;
const CONSENT_BANNER = /cookie|consent|onetrust|gdpr/i;
// An escaped tag in the text cannot pass for one: htmlToText strips anything tag-shaped after decoding.
const LINE_BREAK = '<br>';

export type SkipRule = (name: string, attrs: Record<string, string>) => boolean;

/** Menus and cookie banners: the same on every page, and nothing about the company. */
export const isPageChrome: SkipRule = (name, attrs) =>
  name === 'nav' ||
  attrs.role === 'navigation' ||
  attrs['aria-hidden'] === 'true' ||
  CONSENT_BANNER.test(attrs.id ?? '') ||
  CONSENT_BANNER.test(attrs.class ?? '');

function startsOwnLine(name: string, attrs: Record<string, string>): boolean {
  if (BLOCK_ELEMENTS.has(name) || CELL_ELEMENTS.has(name)) return true;
  const itemprop = attrs.itemprop?.trim().toLowerCase();
  if (itemprop === 'name' || itemprop === 'jobtitle') return true;
  const className = attrs.class ?? '';
  return FIELD_CLASS.test(className) && !NAME_PART_CLASS.test(className);
}

/**
 * The page's text as the lines a reader sees (whitespace in the source is not a line break; blocks,
 * table cells and name/title fields are), without the elements `skip` names. One linear pass.
 */
export function pageLines(html: string, skip: SkipRule): string[] {
  const out: string[] = [];
  const open: Array<{ name: string; ownLine: boolean }> = [];
  // Index in `open` of the outermost skipped element; -1 when the text is kept.
  let skippedFrom = -1;
  const boundary = (ownLine: boolean) => {
    if (skippedFrom < 0) out.push(ownLine ? LINE_BREAK : ' ');
  };
  walkHtml(html, {
    open(name, attrs) {
      if (VOID_ELEMENTS.has(name)) return boundary(BLOCK_ELEMENTS.has(name));
      const ownLine = startsOwnLine(name, attrs);
      boundary(ownLine);
      if (open.length >= MAX_TRACKED_DEPTH) return;
      if (skippedFrom < 0 && skip(name, attrs)) skippedFrom = open.length;
      open.push({ name, ownLine });
    },
    close(name) {
      if (VOID_ELEMENTS.has(name)) return;
      const at = open.findLastIndex((element) => element.name === name);
      if (at < 0) return boundary(BLOCK_ELEMENTS.has(name));
      const { ownLine } = open[at]!;
      open.length = at;
      if (skippedFrom >= at) skippedFrom = -1;
      boundary(ownLine);
    },
    text(text) {
      if (skippedFrom < 0) out.push(text.replace(/\s+/g, ' '));
    },
  });
  // The kept text is still HTML text (entities as written): htmlToText decodes and tidies it as for every other source.
  return htmlToText(out.join(''))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
