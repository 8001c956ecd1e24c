// What a person's name looks like, for every source that finds people in text (a team page's cards,
// a filing's officers), and one key that tells whether two names are one person. The shape is
// shared; the words that are not names are each source's own: team pages and filings were tuned on
// different text (menus and banners there, titles and legal words here).

const HONORIFIC = /^(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Sir|Dame)\.?\s+/;
/** Degrees and certifications after a name: not part of the name, not a title. */
const CREDENTIALS = String.raw`Ph\.?\s?D\.?|M\.?D\.?|M\.?B\.?A\.?|CPA|CFA|CFP|J\.?D\.?|Esq\.?|P\.?E\.?|RN|FCA|ACA|PMP`;
const CREDENTIAL = new RegExp(`^(?:${CREDENTIALS})$`);
const CREDENTIAL_SUFFIX = new RegExp(`(?:,?\\s+(?:${CREDENTIALS}))+$`);
/** "John A. Smith, Jr.", "J. Robert McAllister Jr.": part of the name, after its last word. */
const GENERATIONAL_SUFFIX = /,?\s(?:Jr\.?|Sr\.?|II|III|IV)$/;
/** "(she/her)" after a name, as many team pages now show. */
const PRONOUNS = /\s*\((she|he|they)\s*\/\s*(her|him|them|hers|his|theirs)\)\s*$/i;
const NAME_PART = String.raw`(?:\p{Lu}['’])?\p{Lu}[\p{Ll}\p{M}]+(?:\p{Lu}[\p{Ll}\p{M}]+)?(?:['’]\p{Ll}+)?`;
/** A capitalised name word: Priya, Tomás, O'Brien, McDonald, DeAndre, Mary-Jane, O’Connor-Reyes. */
const NAME_WORD = new RegExp(`^${NAME_PART}(?:-${NAME_PART})*$`, 'u');
/** J. or J.R. (and, inside a name, a bare J); three letters are an abbreviation (N.Y.C., S.E.C.). */
const INITIAL = /^(\p{Lu}\.){1,2}$/u;
const BARE_INITIAL = /^\p{Lu}$/u;
/** Lower-case words inside a name: Mary Ann van der Berg, Paul de la Cruz. */
export const NAME_PARTICLES = 'van von de del della der den di da du la le dos das bin binti al el ter y'.split(' ');
const PARTICLES = new Set(NAME_PARTICLES);
const MAX_NAME_CHARS = 60;
const MAX_NAME_WORDS = 4;
const MAX_PARTICLES = 2;

/** Degrees and certifications ("PhD", "CPA") where a name or a title could be. */
export const isCredential = (text: string) => CREDENTIAL.test(text.trim());

/**
 * The rule a source reads names with: `notNameWords` are the capitalised words of its text that
 * are not names ("Board", "Officer", "Corp"…), lower case. The rule gives the person's name in a
 * line or a run of text as written — two to four names or initials, particles between, a "Jr." or
 * "III" after — without honorific, degrees or pronouns; null when it is not a person's name.
 */
export function personNameRule(notNameWords: ReadonlySet<string>): (text: string) => string | null {
  return (line) => {
    let text = line.replace(/\s+/g, ' ').replace(PRONOUNS, '').trim();
    if (text.length < 4 || text.length > MAX_NAME_CHARS || /[\d@/()|:;!?"“”&]/.test(text)) return null;
    // "Dr. Jane Doe", "Marcus Ellery, CPA": the name is the name alone.
    text = text.replace(HONORIFIC, '').replace(CREDENTIAL_SUFFIX, '');
    const suffix = GENERATIONAL_SUFFIX.exec(text);
    const words = (suffix ? text.slice(0, suffix.index) : text).split(' ');
    return !words.some((word) => word.includes(',')) && looksLikeName(words, notNameWords) ? text : null;
  };
}

function looksLikeName(words: string[], notNameWords: ReadonlySet<string>): boolean {
  const names = words.filter((word) => NAME_WORD.test(word) || INITIAL.test(word) || BARE_INITIAL.test(word));
  const particles = words.filter((word) => PARTICLES.has(word));
  if (names.length + particles.length !== words.length) return false;
  if (names.length < 2 || names.length > MAX_NAME_WORDS || particles.length > MAX_PARTICLES) return false;
  const first = words[0]!;
  if (!(NAME_WORD.test(first) || INITIAL.test(first)) || !NAME_WORD.test(words.at(-1)!)) return false;
  return names.every((name) => !notNameWords.has(name.toLowerCase()));
}

/**
 * One person, however a source writes the name: accents, case, spaces and punctuation aside
 * ("Tomás Ibarra" and "Tomas Ibarra", "Jean-Luc Martin" and "Jean Luc Martin").
 */
export function personKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, '');
}

/** The first entry for each person, in the given order. */
export function firstPerPerson<T extends { name: string }>(people: T[]): T[] {
  const seen = new Set<string>();
  return people.filter((person) => {
    const key = personKey(person.name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
