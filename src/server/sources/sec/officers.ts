// The people filings name: a 10-K's executive officers (its table, a plain-text table or the
// biographies) and the officers an 8-K item 5.02 appoints or sees leave. A person is only ever a
// name found verbatim in a filing, with the office it gives them.
import { firstPerPerson, NAME_PARTICLES, personNameRule } from '../web/person-name.ts';
import { htmlTableRows, htmlToText } from '../web/text.ts';

/** The 10-K's executive-officers section beyond this is not a list of officers any more. */
export const OFFICERS_SECTION_MAX_CHARS = 20_000;
/** An office beyond this is a clause, not a title. */
const TITLE_MAX_CHARS = 120;

type NamedPerson = { name: string; title: string; context: string };

/** Words that make a run of capitalised words a title, a company, a place or a heading rather than a person. */
const NOT_NAME_WORDS = new Set(
  [
    'chief officer officers executive executives president vice senior general counsel secretary treasurer controller director directors',
    'board chair chairman chairwoman chairperson founder head interim principal managing partner',
    'company corporation corp inc incorporated llc ltd plc l.p. group holdings systems software services technologies bank trust fund',
    'item part name names age ages position positions title titles signature signatures table contents exhibit section form',
    'the our its and of for in at to as by on with from a an',
    'financial operating technology information legal global human resources marketing sales revenue product accounting',
    'registrant annual report quarterly current united states america securities exchange commission act nasdaq nyse stock common',
    'effective pursuant appointment retirement resignation departure offer letter agreement plan notes press release',
    'street road avenue drive suite floor new york delaware texas california u.s.',
    'university college school committee audit compensation governance nominating us usa it ai hr',
  ]
    .join(' ')
    .split(' '),
);

/** The person's name in a run of text ("Ms. Priya Raman", "John A. Smith, Jr., Ph.D."), as written; null otherwise. */
export const personName = personNameRule(NOT_NAME_WORDS);

const OFFICER_TITLE =
  /\b(?:chief|officer|president|counsel|secretary|treasurer|controller|comptroller|chair(?:man|woman|person)?|head|CEO|CFO|COO|CTO|CIO|CRO|CMO|CISO|CAO|CHRO|founder|general manager)\b/i;
const NOT_A_TITLE = /\b(?:has|have|had|was|were|is|served|serves|since|joined|prior|previously)\b/i;

/** A position as filings write it ("Executive Vice President, General Counsel and Secretary"), not a clause. */
const isOfficerTitle = (text: string) => text.length <= TITLE_MAX_CHARS && OFFICER_TITLE.test(text) && !NOT_A_TITLE.test(text);

/** The title at the start of the words after "as": up to where the sentence goes on (", effective", " since"…). */
export function leadingTitle(rest: string): string | null {
  const title = rest
    .split(
      /,\s*effective\b|\s+effective\b|\s+since\b|\s+until\b|\s+from\s+(?:\d|[A-Z][a-z]+\s+\d)|\s+and\s+(?:has|had|will|as|is|was|a|an|to)\b|,\s+(?:and|who|where|a|an|which)\s|\s+(?:succeeding|replacing|following|to\s+succeed)\b|\s+\(|\s+in\s+(?:19|20)\d\d|;|\.(?:\s|$)/,
    )[0]!
    .replace(/^(?:the\s+Company['’]s|the\s+Registrant['’]s|its|our|the|a|an)\s+/i, '')
    .replace(/\s+of\s+(?:the\s+)?(?:Company|Registrant|Corporation|Bank)$/i, '')
    .replace(/[\s,]+$/, '')
    .trim();
  return title && isOfficerTitle(title) ? title : null;
}

// Capitalised words (with initials, particles and a suffix) that may be a name: checked by personName.
const NAME_WORD = String.raw`\p{Lu}[\p{L}'’.-]*`;
const NAME_SPAN = String.raw`(?<![\p{L}'’.-])(${NAME_WORD}(?:\s+(?:(?:${NAME_PARTICLES.join('|')})\s+){0,2}${NAME_WORD}){1,4}(?:,?\s+(?:Jr\.|Sr\.|II|III|IV))?)`;
const AS_TITLE = String.raw`(?:to\s+serve\s+)?(?:as|to\s+(?:the\s+)?(?:position|role|office)s?\s+of)\s+([^;]{2,200})`;
const AGE_APPOSITIVE = String.raw`(?:,\s+(?:age\s+)?\d{2},)?`;
const TITLE_APPOSITIVE = String.raw`(?:,\s+(?:the\s+Company['’]s|our|its)\s+([^,]{3,100}),)?`;
const LEAVING = String.raw`(?:resign|retire|step\s+down|stepping\s+down|depart|leave|resignation|retirement)`;

const APPOINTED = [
  new RegExp(String.raw`\b(?:appointed|named|elected|promoted|hired)\s+${NAME_SPAN}${AGE_APPOSITIVE}\s+${AS_TITLE}`, 'gu'),
  new RegExp(
    String.raw`${NAME_SPAN}${AGE_APPOSITIVE}\s+(?:has\s+been|was|will\s+be|is\s+being|is)\s+(?:appointed|named|elected|promoted)\s+(?:${AS_TITLE}|([^;]{2,200}))`,
    'gu',
  ),
  new RegExp(String.raw`\bappointment\s+of\s+${NAME_SPAN}\s+${AS_TITLE}`, 'gu'),
];
// Departures: [name, title from the appositive, title after "as"].
const DEPARTING = [
  new RegExp(
    String.raw`${NAME_SPAN}${TITLE_APPOSITIVE}\s+(?:has\s+)?(?:notified|informed|advised|tendered|submitted|announced)\b[^.]{0,160}?\b${LEAVING}\w*(?:[^.;]{0,60}?\s+as\s+([^;]{2,200}))?`,
    'gu',
  ),
  new RegExp(
    String.raw`${NAME_SPAN}${TITLE_APPOSITIVE}\s+(?:will\s+(?:retire|resign|step\s+down|depart|leave)|(?:has\s+)?(?:resigned|retired|stepped\s+down|departed))\b(?:[^.;]{0,60}?\s+as\s+([^;]{2,200}))?`,
    'gu',
  ),
  new RegExp(
    String.raw`\b(?:resignation|retirement|departure)\s+of\s+${NAME_SPAN}()(?:\s+(?:as|from\s+(?:the\s+position\s+of|(?:his|her|their)\s+(?:position|role)s?\s+as))\s+([^;]{2,200}))?`,
    'gu',
  ),
];

/** Every match, overlapping ones too: a run of capitals that is not a name must not hide the name right after it. */
function* everyMatch(pattern: RegExp, text: string) {
  const re = new RegExp(pattern.source, pattern.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    yield m;
    re.lastIndex = m.index + 1;
  }
}

const ABBREVIATION =
  /(?:\b(?:Inc|Corp|Co|Ltd|Mr|Ms|Mrs|Dr|Jr|Sr|No|St|vs|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)|\b\p{Lu}|\p{L}\.\p{L})$/u;

/** Sentences of plain text, not broken after "Inc." or "Ms." or an initial. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let start = 0;
    for (const m of paragraph.matchAll(/[.!?]["”’)]*\s+(?=["“(]?\p{Lu})/gu)) {
      if (ABBREVIATION.test(paragraph.slice(start, m.index))) continue;
      out.push(paragraph.slice(start, m.index + 1));
      start = m.index + m[0].length;
    }
    out.push(paragraph.slice(start));
  }
  return out.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** The lines after the heading at `at`, up to the first that `end` matches (or about `maxChars`). */
function sectionAfter(lines: string[], at: number, end: RegExp, maxChars: number): string {
  const body: string[] = [];
  let length = 0;
  for (const line of lines.slice(at + 1)) {
    if (end.test(line) || length > maxChars) break;
    body.push(line);
    length += line.length + 1;
  }
  return body.join('\n');
}

/** 8-K item 5.02: who was appointed to or is leaving which office, sentence by sentence. */
export function officerChanges(text: string): Array<NamedPerson & { change: 'appointed' | 'departing' }> {
  const lines = text.split('\n');
  const heading = lines.findIndex((line) => /^\s*Item\s*5\.02\b/i.test(line));
  const section = heading < 0 ? text : sectionAfter(lines, heading, /^\s*(?:Item\s*\d+\.\d{2}\b|SIGNATURES?\s*$)/i, 30_000);
  const found: Array<NamedPerson & { change: 'appointed' | 'departing' }> = [];
  for (const sentence of sentences(section)) {
    for (const pattern of APPOINTED)
      for (const m of everyMatch(pattern, sentence)) {
        const name = personName(m[1]!);
        // "was named Chief Operating Officer" has no "as": the title follows the verb.
        const title = leadingTitle(m[2] ?? m[3]!);
        if (name && title) found.push({ name, title, context: sentence, change: 'appointed' });
      }
    for (const pattern of DEPARTING)
      for (const m of everyMatch(pattern, sentence)) {
        const name = personName(m[1]!);
        const title = (m[3] && leadingTitle(m[3])) || (m[2] && leadingTitle(m[2]));
        if (name && title) found.push({ name, title, context: sentence, change: 'departing' });
      }
  }
  return firstPerPerson(found);
}

const OFFICERS_HEADING =
  /^(?:item\s+\d+[a-z]?\.?\s*)?(?:information\s+(?:about|regarding|concerning)\s+(?:our\s+|the\s+company['’]s\s+)?executive\s+officers(?:\s+of\s+the\s+(?:registrant|company))?|(?:our\s+)?executive\s+officers(?:\s+of\s+(?:the\s+)?(?:registrant|company))?)\s*[.:]?$/i;
const SECTION_END = /^\s*(?:PART\s+I{1,3}V?\b|Item\s+\d+[A-Z]?\b|SIGNATURES?\s*$)/i;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

type OfficerRow = NamedPerson & { text: string };

/** Table rows that name a person and an office (and usually an age), wherever they are in the document. */
function officerRows(html: string): OfficerRow[] {
  return htmlTableRows(html).flatMap(({ cells }) => {
    const filled = cells.map((c) => c.trim()).filter(Boolean);
    if (filled.length < 2 || filled.length > 6) return [];
    const nameCell = filled.find((c) => personName(c));
    const title = filled.find((c) => c !== nameCell && isOfficerTitle(c));
    return nameCell && title ? [{ name: personName(nameCell)!, title, context: filled.join(' | '), text: squash(filled.join(' ')) }] : [];
  });
}

/** The rows within the section: the same people elsewhere (the signatures) are listed with other words. */
function tableOfficers(rows: OfficerRow[], section: string): NamedPerson[] {
  const flat = squash(section);
  return rows.filter((row) => flat.includes(row.text)).map(({ name, title, context }) => ({ name, title, context }));
}

/** Lines of a plain-text table: "Priya Raman 51 President and Chief Executive Officer". */
function lineOfficers(section: string): NamedPerson[] {
  return section.split('\n').flatMap((line) => {
    const m = /^(.+?),?\s+(\d{2}),?\s+(.+)$/.exec(line.trim());
    const name = m && personName(m[1]!);
    return name && isOfficerTitle(m[3]!) ? [{ name, title: m[3]!, context: line.trim() }] : [];
  });
}

/** Biographies: "Priya Raman, 51, has served as our President and Chief Executive Officer since 2021." */
function paragraphOfficers(section: string): NamedPerson[] {
  const bio = new RegExp(
    String.raw`^${NAME_SPAN}${AGE_APPOSITIVE}\s+(?:has\s+(?:served|been)|serves|is|was\s+(?:appointed|named|elected))\s+(?:as\s+)?(?:our\s+|the\s+Company['’]s\s+|its\s+)?([^;]{2,200})`,
    'u',
  );
  return sentences(section).flatMap((sentence) => {
    const m = bio.exec(sentence);
    const name = m && personName(m[1]!);
    const title = m && leadingTitle(m[2]!);
    return name && title ? [{ name, title, context: sentence }] : [];
  });
}

/**
 * A 10-K's "Information about our Executive Officers" (or "Executive Officers of the Registrant")
 * section and the officers it lists, from its table, a plain-text table or its biographies. The
 * heading also appears in the table of contents: the occurrence that lists the most people wins.
 */
export function executiveOfficers(html: string): { heading: string; text: string; people: NamedPerson[] } | null {
  const lines = htmlToText(html).split('\n');
  const rows = officerRows(html);
  let best: { heading: string; text: string; people: NamedPerson[] } | null = null;
  for (const [at, line] of lines.entries()) {
    const heading = line.trim();
    if (heading.length > 120 || !OFFICERS_HEADING.test(heading)) continue;
    const text = sectionAfter(lines, at, SECTION_END, OFFICERS_SECTION_MAX_CHARS);
    const people = firstPerPerson([...tableOfficers(rows, text), ...lineOfficers(text), ...paragraphOfficers(text)]);
    const better = !best || people.length > best.people.length || (people.length === best.people.length && text.length > best.text.length);
    if (better) best = { heading, text, people };
  }
  return best;
}
