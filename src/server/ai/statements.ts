// Every statement checked (issue 27 §4). Whatever the server shows or sends that states a fact —
// Wolfebot's answers, research, news alerts, newsletters, earnings summaries, AIR — carries the
// numbers of the documents it comes from, and before it leaves the server each sentence is checked
// against those documents: every name, number, date and quoted span it states must be found there,
// together (in one passage of a cited document, not scattered over it), and a quote word for word.
// A sentence that fails is dropped (or shown as unsupported in Wolfebot); an answer left with no
// supported fact says so instead of answering. Pure and bounded: no AI call, linear in the text.
//
// The rules (the unit tests hold each one; tests/fixtures/statements measures them together):
// - A sentence is factual when it states a name, a number, a date or a quote (below). Anything else
//   (advice, a transition: "Ask how they plan to manage the transition.", a question) is kept and not counted.
// - Names: capitalised words and runs of them ("Robert Godby", "Air Force One", "U.S."), acronyms and
//   tickers ("EIA", "AAPL"), words like "eBay" or "1010data", and a role just before a name ("leader
//   Morgan Tsvangirai"). A sentence's first word is a name only when it is not a common word
//   (function words, imperatives, words the retrieved documents mostly write in lower case).
//   Honorifics ("Mr") are not part of a name; generic acronyms ("HR", "CEO") are no name on their own.
//   A name's words must stand within a few words of each other in one sentence of the document
//   ("Grace Mugabe" in "Robert Mugabe, his wife Grace"). Case, diacritics, a possessive, a plural -s
//   and a demonym ending ("Australian" for "Australia") do not matter.
// - Numbers: digits and number words ("nine", "twenty-five", "two-thirds", "half"; "one" and "first"
//   are too common to prove anything and are not checked), with their scale and kind: "$4.8 billion"
//   = "$4.8bn" = "4.8 billion dollars" = "US$4,800 million"; "12%" = "12 percent" = "12 per cent".
//   A number with a currency or a percent must be found with the same one; a bare number matches any.
//   The value must be the document's: "nearly $14 billion" for "$13.7 billion" is not supported.
// - Dates: months (capitalised), "February 9" = "Feb. 9" = "9 February", "August 2017", weekdays,
//   quarters ("Q3" = "third quarter" = "3Q"), halves ("H1" = "first half"), decades ("1970s"), years
//   (as numbers), and the document's own publication date (whole). Relative dates ("last week") are not checked.
// - Quotes ("…", “…”, '…'): the quoted words must appear in one cited document as written; only case,
//   whitespace, quote marks, dashes and square brackets may differ; "…" in a quote may skip words.
// - All of it in the documents the sentence cites, not in others: a claim cited to the wrong
//   document fails. What a document's text has must be found in one passage (PASSAGE_WORDS) of it;
//   its title, publisher and date count for what the text lacks (the date, mostly). A person named in
//   full once is found again where the document uses one of their names ("Carrie Lam", then "Lam").
// - Not contradicted there: a word the sentence states plainly that the passage only states negated
//   ("is opening new stores" against "is not opening"), or a direction word where the passage has
//   only the opposite one next to the same thing ("relations had worsened" against "improved").
//
// What it cannot see: a sentence that keeps every name, number, date and quote of its source and
// changes what links them in other words (a figure given to the wrong thing in the same passage, a
// meaning changed without a negation or a listed direction word). tests/fixtures/statements counts
// those apart (swap, relation).

import type { StatementCount } from '../../shared/library.ts';
import type { Retrieved } from './grounding.ts';

// ---------------------------------------------------------------------------------------------
// Public shapes

/** A retrieved document as the check reads it, numbered as the model saw it (documentsBlock). */
export type StatementDocument = {
  id: number;
  text: string;
  title?: string | null;
  publisher?: string | null;
  /** ISO 8601; its date counts as stated by the document. */
  publishedAt?: string | null;
};

/** A sentence of an answer and the numbers of the documents it cites. */
export type Statement = { text: string; cites: number[] };

/** A sentence parsed out of marked-up text, with where it stood so the text can be rebuilt. */
export type ParsedStatement = Statement & {
  /** Blank-line separated paragraph. */
  paragraph: number;
  /** Line within the paragraph (list items). */
  line: number;
  /** The list marker ("-", "1.") the line began with, on each of its sentences. */
  bullet?: string;
};

export type Verdict = 'supported' | 'unsupported' | 'uncited' | 'not_factual';

export type CheckedStatement = (Statement | ParsedStatement) & {
  verdict: Verdict;
  /** The names, numbers, dates and quotes the sentence states, as it writes them. */
  stated: string[];
  /** What the sentence states that none of its cited documents has. */
  missing: string[];
  /** What the cited documents have, but not in the passage where the rest of the sentence is. */
  apart: string[];
  /** Words of the sentence its passage contradicts: "opening (the source: not opening)". */
  contradicted: string[];
  /** Cited numbers that are no document of this answer. */
  unknownCites: number[];
  /** Why a sentence was not checked at all (too long, too many sentences). */
  note?: string;
};

export type StatementCheck = {
  statements: CheckedStatement[];
  /** "12 of 12 statements sourced" (statementCountLabel). */
  count: StatementCount;
  /** Facts were stated and none survived: the answer must say so instead of answering (advice alone is no answer to refuse). */
  noEvidence: boolean;
};

export type CheckOptions = {
  /** What becomes of a factual sentence that fails: dropped (sent items), or shown as unsupported (Wolfebot). */
  failing?: 'drop' | 'show';
};

/** What an answer says instead when none of its facts is supported by the documents found. */
export const NO_SUPPORTING_EVIDENCE = 'No supporting evidence: the sources found do not support an answer to this.';

/** The rule a prompt gives the model so that its answers can be checked (with documentsBlock's numbers). */
export const CITATION_RULE = [
  'End every sentence that states a fact (a name, number, date or quote) with the numbers of the documents it comes from, in square brackets: "Acme\'s revenue rose 12% in the third quarter [1]." or "[1, 3]".',
  'Write names, numbers and dates as the document writes them, and put in quotation marks only words the document contains, exactly.',
  'Sentences that state no fact (advice, transitions) need no brackets.',
].join('\n');

// ---------------------------------------------------------------------------------------------
// Bounds: a model's answer or a document can be of any size; the work is capped before matching.

const MAX_STATEMENTS = 300;
const MAX_STATEMENT_CHARS = 1_000;
const MAX_TEXT_CHARS = 100_000;
const MAX_CITES = 10;
const MAX_DOCUMENTS = 200;
const MAX_DOCUMENT_CHARS = 200_000;
const MAX_TOTAL_DOCUMENT_CHARS = 2_000_000;
/** Occurrences of one name, number or quote looked at in one document. */
const MAX_OCCURRENCES = 500;
/** Cited document ids above this are nonsense, not documents. */
const MAX_DOCUMENT_ID = 10_000;

/**
 * How close (in words) what one sentence states must be in a cited document: about a paragraph.
 * Far enough for a sentence that joins neighbouring sentences of its source, close enough that a
 * name from one part of an article and a figure from another do not make a supported claim.
 */
export const PASSAGE_WORDS = 60;
/** Names, numbers, dates and quotes one sentence may state and still be checked. */
const MAX_ITEMS = 30;
/** Steps of the search for passages that together hold a sentence (a few documents, a few passages each). */
const MAX_COVER_STEPS = 20_000;
/** How far apart the words of one name may be ("Robert Mugabe, his wife Grace" is Grace Mugabe). */
const NAME_GAP = 4;
/** How far around what a sentence states its other words are looked for, to compare negation and direction. */
const POLARITY_REACH = 30;
/** A negation applies to the next few words ("did not have advance notice"). */
const NEGATION_SCOPE = 3;
/** How near a word the words it is said of stand ("opening any new 365 stores"). */
const ANCHOR_REACH = 5;
/** Words of one sentence compared with its source for negation and direction. */
const MAX_POLARITY_WORDS = 200;
/** Passages of one document kept for combining with other documents' (those holding the most items). */
const MAX_PASSAGES = 64;

// ---------------------------------------------------------------------------------------------
// Vocabulary

const words = (list: string) => new Set(list.trim().split(/\s+/));

const STOPWORDS = words(`
  a an the and or but nor so yet for of in on at by to from with without within into onto over under up down out off about above
  below across after afterwards against along amid among around as before behind beneath beside besides between beyond despite
  during except inside near outside per since than through throughout toward towards until upon via whether while whereas
  although though because if unless once when whenever where wherever why how what whatever which who whom whose that this these
  those there here it its itself he him his himself she her hers herself they them their theirs themselves we us our ours
  ourselves you your yours yourself yourselves i me my mine myself is are was were be been being am do does did doing done have
  has had having will would shall should can could may might must not no yes all any both each either neither every few many
  more most much several some such other others another same own only just also even still already again ever never always
  often sometimes usually now then thus hence therefore however moreover furthermore meanwhile nevertheless nonetheless instead
  otherwise overall indeed perhaps maybe rather quite very too really almost nearly roughly approximately today yesterday
  tomorrow tonight recently currently previously later earlier soon finally next last lastly additionally similarly likewise
  notably importantly specifically separately elsewhere together according regarding following including like unlike given
  based let lets`);

/** Imperatives: an answer's advice begins with them; they never begin a name. */
const IMPERATIVES = words(`
  ask avoid bring check consider keep make note remember use try focus start open mention highlight emphasise emphasize expect
  watch follow prepare review raise frame lead offer plan position share send schedule confirm explore discuss suggest tailor
  align look see find get give take tell talk call contact reach lean stress point tie connect compare treat prioritise
  prioritize monitor track stay remain be`);

/** Common words an answer's sentence may begin with; not names there. */
const COMMON_STARTERS = words(`
  analysts investors shareholders customers clients buyers sellers sales revenue revenues profit profits earnings margins costs
  prices pricing demand growth shares stock markets companies executives officials management leadership employees workers
  staff teams compliance procurement strategy risk risks security privacy regulation regulators governments experts critics
  supporters observers reports data research studies results plans talks negotiations key major further potential possible
  likely important notable useful worth good great new recent current early late high low strong weak clear broader wider`);

/** Acronyms of roles and trades, not of anyone: "HR", "CEO" alone name nobody. */
const GENERIC_ACRONYMS = words(`hr it ai ceo ceos cfo cio cto coo cmo b2b b2c roi kpi kpis saas api apis crm erp faq pr esg gdp ipo ma rd`);

/** Roles that, just before a name, are part of what the sentence says of that person. */
const ROLES = words(`
  leader chief president director founder cofounder chairman chairwoman chair executive spokesman spokeswoman spokesperson
  minister secretary editor professor analyst commissioner adviser advisor head governor senator mayor judge ambassador manager
  owner skipper coach captain correspondent economist strategist officer premier king queen prince princess pope bishop priest
  general colonel lawyer attorney actress actor singer`);

const HONORIFICS = words(`mr mrs ms mx dr sir dame prof messrs`);
/** Lower-case words that may join capitalised words into one name ("Bank of America"). */
const NAME_CONNECTORS = words(`of for de da di del van von der du la le al bin`);
const NEGATIONS = words(`not no never none nor neither without cannot`);

/** Words of opposite direction: a sentence saying one where its source only says the other is contradicted. */
const OPPOSITES: [Set<string>, Set<string>][] = [
  [
    words(`rise rises rising rose risen increase increases increased increasing grow grows growing grew grown growth gain gains
      gained gaining climb climbs climbed jump jumps jumped surge surges surged soar soars soared raise raises raised raising
      boost boosts boosted expand expands expanded expanding expansion improve improves improved improving improvement`),
    words(`fall falls falling fell fallen decrease decreases decreased decreasing decline declines declined declining drop drops
      dropped dropping shrink shrinks shrank shrunk shrinking slump slumps slumped plunge plunges plunged tumble tumbles tumbled
      lowered lowering cut cuts cutting reduce reduces reduced reducing reduction contract contracted worsen worsens worsened
      worsening deteriorate deteriorated deteriorating`),
  ],
  [words(`more higher larger bigger greater`), words(`less fewer lower smaller`)],
  [
    words(`win wins winning won winner victory victorious triumph triumphant success successful beat beats`),
    words(`lose loses losing lost loser defeat defeated failure failed fail fails disappointing disappointed disappointment miss
      misses missed`),
  ],
  [
    words(`accept accepts accepted accepting agree agrees agreed approve approves approved welcome welcomed embrace embraced`),
    words(`reject rejects rejected rejecting resist resists resisted resisting refuse refuses refused oppose opposes opposed opposing`),
  ],
  [words(`open opens opened opening reopen reopened`), words(`close closes closed closing shut shuts`)],
];
const OPPOSED = new Set(OPPOSITES.flatMap(([a, b]) => [...a, ...b]));

/** Abbreviations a full stop does not end a sentence after. */
const ABBREVIATIONS = words(`
  mr mrs ms mx dr prof sr jr st inc co corp ltd llc plc bros vs no nos jan feb mar apr jun jul aug sep sept oct nov dec gen gov
  sen rep rev lt col sgt capt cmdr adm ft mt approx est fig dept univ ave blvd ph reps govt`);

const table = (entries: string) =>
  new Map(
    entries
      .trim()
      .split(/\s+/)
      .map((entry) => entry.split('=') as [string, string])
      .map(([key, value]) => [key, Number(value)] as const),
  );

const MONTHS = table(`
  january=1 jan=1 february=2 feb=2 march=3 mar=3 april=4 apr=4 may=5 june=6 jun=6 july=7 jul=7 august=8 aug=8 september=9
  sep=9 sept=9 october=10 oct=10 november=11 nov=11 december=12 dec=12`);
const WEEKDAYS = table(`sunday=0 monday=1 tuesday=2 wednesday=3 thursday=4 friday=5 saturday=6`);
const CARDINALS = table(`
  zero=0 one=1 two=2 three=3 four=4 five=5 six=6 seven=7 eight=8 nine=9 ten=10 eleven=11 twelve=12 thirteen=13 fourteen=14
  fifteen=15 sixteen=16 seventeen=17 eighteen=18 nineteen=19 twenty=20 thirty=30 forty=40 fifty=50 sixty=60 seventy=70
  eighty=80 ninety=90 dozen=12`);
const ORDINALS = table(`
  first=1 second=2 third=3 fourth=4 fifth=5 sixth=6 seventh=7 eighth=8 ninth=9 tenth=10 eleventh=11 twelfth=12 thirteenth=13
  fourteenth=14 fifteenth=15 sixteenth=16 seventeenth=17 eighteenth=18 nineteenth=19 twentieth=20 hundredth=100`);
/** Denominators: "a third", "two-thirds", "three quarters". */
const FRACTIONS = table(`third=3 thirds=3 quarter=4 quarters=4 fifth=5 fifths=5 tenth=10 tenths=10`);
const SCALES = table(`hundred=1e2 thousand=1e3 million=1e6 mn=1e6 mln=1e6 billion=1e9 bn=1e9 bln=1e9 trillion=1e12 tn=1e12 trn=1e12`);
/** Scales written onto the digits: "$4.8bn", "$10m", "5k". */
const ATTACHED_SCALES = table(`k=1e3 m=1e6 mn=1e6 mln=1e6 b=1e9 bn=1e9 bln=1e9 t=1e12 tn=1e12 trn=1e12`);
const CURRENCY_WORDS = new Map(
  `dollar=usd dollars=usd usd=usd euro=eur euros=eur eur=eur gbp=gbp sterling=gbp yen=jpy jpy=jpy yuan=cny renminbi=cny cny=cny
  rupees=inr inr=inr francs=chf chf=chf`
    .split(/\s+/)
    .map((entry) => entry.split('=') as [string, string]),
);

// ---------------------------------------------------------------------------------------------
// Typography: what every comparison ignores.

/** One form of quote marks, apostrophes, dashes and spaces; invisible characters dropped. */
function typography(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/["“”„‟«»〝〞＂]/g, '"')
    .replace(/['‘’‚‛`´ʼ′]/g, "'")
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/[^\S\n]/g, ' ');
}

const ASCII_WORD = /^[A-Za-z0-9.']+$/;

function foldWord(word: string): string {
  const folded = ASCII_WORD.test(word) ? word.toLowerCase() : word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  if (!folded.includes("'") && !folded.includes('.')) return folded;
  const bare = folded.replace(/'s$/, '').replace(/'/g, '');
  // "U.S." is "us"; "4.8" keeps its decimal point.
  return /^\d/.test(bare) ? bare : bare.replace(/\./g, '');
}

/** "Americans" = "American", "companies" = "company"; not "business" or "US". */
function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** A place and its people: "Australia"/"Australian", "Taiwan"/"Taiwanese", "Kenya"/"Kenyan" share a base. */
function bases(word: string): string[] {
  const found = [word];
  for (const suffix of ['ese', 'ian', 'an', 'n', 'a', 'i']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) found.push(word.slice(0, -suffix.length));
  }
  return found;
}

/** Enough of a word to meet its other forms: "opening", "opened", "opens" → "open". */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && /(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const isNegation = (token: Token) => NEGATIONS.has(token.norm) || /n't$/i.test(token.raw);

// ---------------------------------------------------------------------------------------------
// Tokens

type Token = {
  raw: string;
  norm: string;
  start: number;
  end: number;
  /** Capitalised (or "eBay"). */
  cap: boolean;
  /** All capitals and longer than an acronym: "THE NINE NETWORK POLITICAL EDITOR". */
  shouting: boolean;
  /** Capitalised for its place: first word of a sentence, after a colon, an opening quote or bracket. */
  initial: boolean;
  /** The sentence of the text it is in. */
  sentence: number;
  /** Joined to the previous token by a hyphen ("Attorney-General", "two-thirds"). */
  hyphen: boolean;
  /** Only spaces (or a hyphen) between the previous token and this one. */
  adjacent: boolean;
  /** Ends in a possessive ("Wyoming's", "states'"). */
  possessive: boolean;
};

const TOKEN = /(?:\p{L}\.){2,}(?!\p{L})|[\p{L}\p{M}\p{N}]+(?:(?:(?<=\p{N})[.,](?=\p{N})|(?<=\p{L})'(?=\p{L}))[\p{L}\p{M}\p{N}]+)*/gu;

const isUpper = (c: number) => (c >= 65 && c <= 90) || (c > 127 && String.fromCharCode(c) !== String.fromCharCode(c).toLowerCase());
const isLower = (c: number) => (c >= 97 && c <= 122) || (c > 127 && String.fromCharCode(c) !== String.fromCharCode(c).toUpperCase());

function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  const folded = new Map<string, string>();
  let sentence = 0;
  let prev: Token | undefined;
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    // What stands between this word and the last: usually one space.
    let marks = '';
    let newline = false;
    let opening = false;
    const from = prev ? prev.end : 0;
    const oneSpace = start === from + 1 && text.charCodeAt(from) === 32;
    for (let i = oneSpace ? start : from; i < start; i++) {
      const c = text[i]!;
      if (c === '\n') newline = true;
      else if (c !== ' ' && c !== '\t' && c !== '\r') {
        const quoteOrBracket = c === '"' || c === "'" || c === '(' || c === '[';
        if (quoteOrBracket && (i === 0 || /\s/.test(text[i - 1]!) || opening)) opening = true;
        else if (!quoteOrBracket) opening = false;
        marks += c;
      }
    }
    const core = marks.replace(/["'()[\]]+/g, '');
    const ends = !!prev && (newline || (/[.!?]$/.test(core) && !(core === '.' && isAbbreviation(prev))));
    if (ends) sentence += 1;
    let norm = folded.get(raw);
    if (norm === undefined) {
      norm = foldWord(raw);
      folded.set(raw, norm);
    }
    const first = raw.charCodeAt(0);
    let cap = isUpper(first);
    if (!cap) for (let i = 1; i < raw.length && !cap; i++) cap = isLower(raw.charCodeAt(i - 1)) && isUpper(raw.charCodeAt(i));
    const token: Token = {
      raw,
      norm,
      start,
      end,
      cap,
      shouting: cap && raw.length > 5 && raw === raw.toUpperCase() && raw !== raw.toLowerCase(),
      initial: !prev || ends || core.endsWith(':') || opening,
      sentence,
      hyphen: marks === '-' && !newline,
      adjacent: (marks === '' || marks === '-') && !newline,
      possessive:
        raw.endsWith("'s") ||
        raw.endsWith("'S") ||
        (text[end] === "'" && (raw.endsWith('s') || raw.endsWith('S')) && !/\p{L}/u.test(text[end + 1] ?? '')),
    };
    tokens.push(token);
    prev = token;
  }
  return tokens;
}

/** A token after which a full stop is not the end of a sentence. */
function isAbbreviation(token: Token): boolean {
  return /^(?:\p{L}\.){2,}$/u.test(token.raw) || /^\p{Lu}$/u.test(token.raw) || ABBREVIATIONS.has(token.norm);
}

// ---------------------------------------------------------------------------------------------
// Facts: numbers and dates, read the same way from a sentence and from a document.

type Fact = {
  /** What a sentence's fact must meet in a document. */
  key: string;
  /** More keys a document's fact answers to: "August 1, 2017" is also August, August 2017 and 2017. */
  also: string[];
  kind: string;
  from: number;
  to: number;
  /** Too common to prove anything ("one", "first"). */
  weak?: boolean;
};

const canonical = (value: number) => String(Number(value.toPrecision(12)));
const isYear = (token: Token | undefined) => !!token && /^(1[89]\d\d|20\d\d|2100)$/.test(token.norm);

function numericValue(norm: string): number | null {
  if (!/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(norm)) return null;
  const value = Number(norm.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

function dayOf(token: Token | undefined): number | null {
  const match = token?.norm.match(/^(\d{1,2})(?:st|nd|rd|th)?$/);
  const day = match ? Number(match[1]) : null;
  return day && day >= 1 && day <= 31 ? day : null;
}

function monthOf(token: Token | undefined, next: Token | undefined): number | null {
  if (!token?.cap) return null;
  const month = MONTHS.get(token.norm);
  if (!month) return null;
  // "May" and "March" are also words: a sentence's first word is a month only before a day or year.
  if ((token.norm === 'may' || token.norm === 'march') && token.initial && !/^\d/.test(next?.norm ?? '')) return null;
  return month;
}

const fullYear = (two: string) => 2000 + Number(two);

/** The currency written before the token's digits: "$", "US$", "€", "£", "¥", or "USD 5". */
function currencyBefore(text: string, token: Token, prev: Token | undefined): string | null {
  const before = text.slice(Math.max(0, token.start - 2), token.start);
  if (/\$\s?$/.test(before)) return 'usd';
  if (/€\s?$/.test(before)) return 'eur';
  if (/£\s?$/.test(before)) return 'gbp';
  if (/[¥￥]\s?$/.test(before)) return 'jpy';
  if (prev && token.adjacent && !token.hyphen && CURRENCY_WORDS.has(prev.norm) && prev.raw === prev.raw.toUpperCase()) {
    return CURRENCY_WORDS.get(prev.norm)!;
  }
  return null;
}

/**
 * The numbers and dates of a text, with the tokens they span. The same reading for a sentence and a
 * document, so "$4.8bn" in one meets "4.8 billion dollars" in the other.
 */
function readFacts(text: string, tokens: Token[]): Fact[] {
  const facts: Fact[] = [];
  let i = 0;
  while (i < tokens.length) {
    const next = readFactAt(text, tokens, i, facts);
    i = next > i ? next : i + 1;
  }
  return facts;
}

/** Reads the fact starting at token i into `facts`; returns the index after it (i when none). */
function readFactAt(text: string, tokens: Token[], i: number, facts: Fact[]): number {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  const after = tokens[i + 2];
  const norm = t.norm;
  // Most words are no number or date: out at once.
  const digit = norm.charCodeAt(0) >= 48 && norm.charCodeAt(0) <= 57;
  if (!digit && !FACT_WORDS.has(norm) && !/^(?:q[1-4]|h[12]|fy\d)/.test(norm) && !(norm === 'a' && next && FRACTIONS.has(next.norm)))
    return i;
  const add = (key: string, kind: string, to: number, also: string[] = [], weak = false) =>
    facts.push({ key, also, kind, from: i, to, ...(weak ? { weak } : {}) });

  // ISO dates: 2026-11-20.
  if (isYear(t) && next?.hyphen && after?.hyphen && /^\d{2}$/.test(next.norm) && /^\d{2}$/.test(after.norm)) {
    const [month, day] = [Number(next.norm), Number(after.norm)];
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) {
      add(`d:${month}-${day}`, 'date', i + 2, [`m:${month}`]);
      add(`y:${month}-${norm}`, 'date', i + 2, [`n:${norm}`]);
      return i + 3;
    }
  }

  // Months, with a day and a year: "February 9", "Feb. 9, 2016", "August 2017"; "9 February".
  const month = monthOf(t, next);
  if (month) {
    let j = i;
    const day = next && /^\s*\.?\s*$/.test(text.slice(t.end, next.start)) ? dayOf(next) : null;
    if (day && !(after && SCALES.has(after.norm))) {
      add(`d:${month}-${day}`, 'date', i + 1, [`m:${month}`]);
      j = i + 1;
    }
    const year = tokens[j + 1];
    if (isYear(year) && /^\s*[.,]?\s*$/.test(text.slice(tokens[j]!.end, year!.start))) {
      add(`y:${month}-${year!.norm}`, 'date', j + 1, [`m:${month}`, `n:${year!.norm}`]);
      return j + 2;
    }
    if (j === i) add(`m:${month}`, 'date', i);
    return j + 1;
  }
  const dayFirst = dayOf(t);
  if (dayFirst && next && !next.hyphen) {
    const of = next.norm === 'of';
    const m = of ? monthOf(after, tokens[i + 3]) : monthOf(next, after);
    if (m) {
      const j = of ? i + 2 : i + 1;
      add(`d:${m}-${dayFirst}`, 'date', j, [`m:${m}`]);
      const year = tokens[j + 1];
      if (isYear(year) && /^\s*,?\s*$/.test(text.slice(tokens[j]!.end, year!.start))) {
        add(`y:${m}-${year!.norm}`, 'date', j + 1, [`n:${year!.norm}`]);
        return j + 2;
      }
      return j + 1;
    }
  }

  // Weekdays.
  const weekday = t.cap ? WEEKDAYS.get(norm) : undefined;
  if (weekday !== undefined) {
    add(`w:${weekday}`, 'date', i);
    return i + 1;
  }

  // Quarters and halves: Q3, 3Q, 3Q26, Q3 2026, "third quarter", "third-quarter"; H1, 1H, "first half".
  let match = norm.match(/^q([1-4])(\d{2}|\d{4})?$/) ?? norm.match(/^([1-4])q(\d{2}|\d{4})?$/);
  if (match) {
    add(`q:${match[1]}`, 'date', i);
    if (match[2]) add(`n:${match[2].length === 2 ? fullYear(match[2]) : Number(match[2])}`, 'plain', i);
    return i + 1;
  }
  match = norm.match(/^h([12])$/) ?? norm.match(/^([12])h$/);
  if (match) {
    add(`h:${match[1]}`, 'date', i);
    return i + 1;
  }
  const ordinal = ORDINALS.get(norm);
  if (ordinal && ordinal <= 4 && next?.adjacent && (next.norm === 'quarter' || next.norm === 'quarters')) {
    add(`q:${ordinal}`, 'date', i + 1);
    return i + 2;
  }
  if (ordinal && ordinal <= 2 && next?.adjacent && next.norm === 'half') {
    add(`h:${ordinal}`, 'date', i + 1);
    return i + 2;
  }
  // Fiscal years: FY2026, FY26.
  match = norm.match(/^fy(\d{2}|\d{4})$/);
  if (match) {
    add(`n:${match[1]!.length === 2 ? fullYear(match[1]!) : Number(match[1])}`, 'plain', i);
    return i + 1;
  }
  // Decades: 1970s, mid-2000s.
  match = norm.match(/^(\d{3}0)s$/);
  if (match) {
    add(`c:${match[1]}`, 'date', i);
    return i + 1;
  }

  // Fractions: half, "a third", "two-thirds", "three quarters" (a quarter of a year is a date above).
  if (norm === 'half' || norm === 'halves') {
    add('n:0.5', 'fraction', i);
    return i + 1;
  }
  const cardinal = CARDINALS.get(norm);
  const denominator = next ? FRACTIONS.get(next.norm) : undefined;
  if (denominator && next?.adjacent && (norm === 'a' || (cardinal && cardinal < denominator))) {
    // "two-thirds", "two thirds", "a third of": a fraction; "a third option", "a quarter" (of a year): not.
    if (next.hyphen || next.norm.endsWith('s') || after?.norm === 'of') {
      add(`n:${canonical((cardinal ?? 1) / denominator)}`, 'fraction', i + 1);
      return i + 2;
    }
  }

  // Ordinals: "second", "21st". "first" proves nothing ("First, …", "the first to …").
  if (ordinal) {
    add(`n:${ordinal}`, 'ordinal', i, [], ordinal === 1);
    return i + 1;
  }
  match = norm.match(/^(\d+)(?:st|nd|rd|th)$/);
  if (match) {
    add(`n:${Number(match[1])}`, 'ordinal', i);
    return i + 1;
  }

  // Amounts: digits or number words, a scale, a currency, a percent.
  let value: number | null = null;
  let j = i;
  match = norm.match(/^(\d[\d,]*(?:\.\d+)?)([a-z]+)?$/);
  if (match) {
    value = numericValue(match[1]!);
    if (value === null) return i;
    if (match[2]) {
      const attached = ATTACHED_SCALES.get(match[2]);
      if (!attached) return i; // "1010data" is a name
      value *= attached;
    }
  } else if (cardinal !== undefined) {
    value = cardinal;
    // "twenty-five", "twenty five".
    const unit = next ? CARDINALS.get(next.norm) : undefined;
    if (cardinal >= 20 && cardinal % 10 === 0 && unit !== undefined && unit < 10 && next?.adjacent) {
      value += unit;
      j = i + 1;
    }
  } else {
    return i;
  }
  // Scales: "two hundred", "4.8 billion", "18 million".
  while (tokens[j + 1]?.adjacent && !tokens[j + 1]!.hyphen && SCALES.has(tokens[j + 1]!.norm)) {
    value *= SCALES.get(tokens[j + 1]!.norm)!;
    j += 1;
  }
  let kind = currencyBefore(text, t, tokens[i - 1]) ?? 'plain';
  const following = tokens[j + 1];
  if (/^\s?%/.test(text.slice(tokens[j]!.end, tokens[j]!.end + 2))) kind = 'pct';
  else if (following && (following.norm === 'percent' || following.norm === 'pct')) {
    kind = 'pct';
    j += 1;
  } else if (following?.norm === 'per' && tokens[j + 2]?.norm === 'cent') {
    kind = 'pct';
    j += 2;
  } else if (following?.norm === 'percentage' && /^points?$/.test(tokens[j + 2]?.norm ?? '')) {
    kind = 'pp';
    j += 2;
  } else if (following && kind === 'plain' && CURRENCY_WORDS.has(following.norm) && following.raw !== following.raw.toUpperCase()) {
    kind = CURRENCY_WORDS.get(following.norm)!;
    j += 1;
  }
  add(`n:${canonical(value)}`, kind, j, [], norm === 'one' && j === i);
  return j + 1;
}

/** Words that may begin a number or a date. */
const FACT_WORDS = new Set([...MONTHS.keys(), ...WEEKDAYS.keys(), ...CARDINALS.keys(), ...ORDINALS.keys(), 'half', 'halves']);

/** A bare number in a sentence matches any kind in the document; "$5" needs dollars, "5%" a percent. */
const compatible = (sentenceKind: string, documentKind: string) =>
  sentenceKind === documentKind ||
  sentenceKind === 'plain' ||
  sentenceKind === 'date' ||
  (sentenceKind === 'ordinal' && documentKind === 'plain');

// ---------------------------------------------------------------------------------------------
// Quotes

type QuoteForm = { text: string /** Index in the typography text of each character. */; source: Int32Array };

const SPACE = /\s/;
const CLOSING_PUNCTUATION = new Set([',', '.', ';', ':', '!', '?', ')']);

/**
 * Text for comparing quotes: lower case, without quote marks or square brackets, one space between
 * words and none before punctuation or around dashes. Everything else, word for word.
 */
function quoteForm(text: string): QuoteForm {
  const lower = text.toLowerCase();
  // toLowerCase keeps the length of nearly all text; when it does not, compare case as written.
  const folded = lower.length === text.length ? lower : text;
  let out = '';
  const source = new Int32Array(text.length + 1);
  let space = false;
  let last = '';
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i]!;
    if (c === '"' || c === "'" || c === '[' || c === ']') continue;
    if (SPACE.test(c)) {
      space = true;
      continue;
    }
    if (c === '-') {
      if (last === '-') {
        space = false;
        continue;
      }
    } else if (space && out.length && !CLOSING_PUNCTUATION.has(c) && last !== '(' && last !== '-') {
      source[out.length] = i;
      out += ' ';
    }
    space = false;
    source[out.length] = i;
    out += c;
    last = c;
  }
  return { text: out, source };
}

/** Pieces of a quote that must appear, in order: "…" and "..." skip words. */
function quotePieces(quoted: string): string[] {
  return quoteForm(quoted)
    .text.split(/\.{3,}|…/)
    .map((piece) => piece.replace(/^[\s.,;:!?-]+|[\s.,;:!?-]+$/g, ''))
    .filter((piece) => /[\p{L}\p{N}]/u.test(piece));
}

type Quote = { start: number; end: number; inner: string };

/** Quoted spans of a sentence: "…" always; '…' when the marks stand apart from words (not apostrophes). */
function findQuotes(text: string): Quote[] {
  const quotes: Quote[] = [];
  const doubles = [...text.matchAll(/"/g)].map((m) => m.index);
  for (let k = 0; k + 1 < doubles.length; k += 2) {
    const start = doubles[k]!;
    const end = doubles[k + 1]! + 1;
    quotes.push({ start, end, inner: text.slice(start + 1, end - 1) });
  }
  const inside = (i: number) => quotes.some((q) => i >= q.start && i < q.end);
  for (const m of text.matchAll(/(?<=^|[\s(])'(?=[\p{L}\p{N}])([^'\n]*?[\p{L}\p{N}.,!?])'(?![\p{L}\p{N}])/gu)) {
    if (!inside(m.index)) quotes.push({ start: m.index, end: m.index + m[0].length, inner: m[1]! });
  }
  return quotes.filter((q) => /[\p{L}\p{N}]/u.test(q.inner)).sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// Documents

type Indexed = {
  tokens: Token[];
  /** Each base of each word's singular → positions (bases() and singular()). */
  words: Map<string, number[]>;
  /** stem → positions, for comparing negation. */
  stems: Map<string, number[]>;
  /** Positions within a negation's reach. */
  negated: Uint8Array;
  facts: Map<string, { kind: string; position: number }[]>;
  quote: QuoteForm;
  starts: number[];
};

type DocumentIndex = { id: number; body: Indexed; meta: Indexed };

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function index(text: string, tokens = tokenise(text)): Indexed {
  const wordIndex = new Map<string, number[]>();
  const stems = new Map<string, number[]>();
  const negated = new Uint8Array(tokens.length);
  const keysOf = new Map<string, { bases: string[]; stem: string }>();
  tokens.forEach((token, position) => {
    let keys = keysOf.get(token.norm);
    if (!keys) {
      keys = { bases: [...new Set(bases(singular(token.norm)))], stem: stem(token.norm) };
      keysOf.set(token.norm, keys);
    }
    for (const base of keys.bases) push(wordIndex, base, position);
    push(stems, keys.stem, position);
    if (isNegation(token)) {
      for (let k = position + 1; k <= position + NEGATION_SCOPE && k < tokens.length && tokens[k]!.sentence === token.sentence; k++) {
        negated[k] = 1;
      }
    }
  });
  const facts = new Map<string, { kind: string; position: number }[]>();
  for (const fact of readFacts(text, tokens)) {
    for (const key of [fact.key, ...fact.also]) push(facts, key, { kind: key === fact.key ? fact.kind : 'plain', position: fact.from });
  }
  return { tokens, words: wordIndex, stems, negated, facts, quote: quoteForm(text), starts: tokens.map((t) => t.start) };
}

/**
 * The document's title, publisher and date: what the model was shown with it. Of the date, only the
 * whole of it counts ("reported on November 20, 2026"): its weekday, month or year alone would vouch
 * for any event said to fall on that Thursday, in that month or year.
 */
function indexMeta(doc: StatementDocument): Indexed {
  const meta = index(typography([doc.title ?? '', doc.publisher ?? ''].filter(Boolean).join('\n')));
  const date = doc.publishedAt?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  const [y, m, d] = date ? [Number(date[1]), Number(date[2]), Number(date[3])] : [0, 0, 0];
  if (m >= 1 && m <= 12 && d >= 1 && d <= 31) {
    for (const key of [`d:${m}-${d}`, `y:${m}-${y}`]) push(meta.facts, key, { kind: 'date', position: 0 });
  }
  return meta;
}

/** How often the documents write a word in lower case, and capitalised within a sentence. */
type Vocabulary = { lower: Map<string, number>; proper: Map<string, number> };

/**
 * The cited documents, indexed; every document's words counted for the vocabulary. Documents past
 * MAX_DOCUMENTS, text past MAX_DOCUMENT_CHARS and past MAX_TOTAL_DOCUMENT_CHARS are not read.
 */
function indexDocuments(docs: StatementDocument[], cited: Set<number>): { byId: Map<number, DocumentIndex>; vocabulary: Vocabulary } {
  const byId = new Map<number, DocumentIndex>();
  const seen = new Set<number>();
  const vocabulary: Vocabulary = { lower: new Map(), proper: new Map() };
  let budget = MAX_TOTAL_DOCUMENT_CHARS;
  for (const doc of docs.slice(0, MAX_DOCUMENTS)) {
    if (seen.has(doc.id) || budget <= 0) continue;
    seen.add(doc.id);
    const text = typography(doc.text.slice(0, Math.min(MAX_DOCUMENT_CHARS, budget)));
    budget -= text.length;
    const tokens = tokenise(text);
    if (cited.has(doc.id)) byId.set(doc.id, { id: doc.id, body: index(text, tokens), meta: indexMeta(doc) });
    for (const token of tokens) {
      if (token.shouting) continue;
      const word = singular(token.norm);
      if (!token.cap) vocabulary.lower.set(word, (vocabulary.lower.get(word) ?? 0) + 1);
      else if (!token.initial) vocabulary.proper.set(word, (vocabulary.proper.get(word) ?? 0) + 1);
    }
  }
  return { byId, vocabulary };
}

// ---------------------------------------------------------------------------------------------
// What a sentence states

type Item = {
  label: string;
  find: (doc: Indexed) => number[];
  /** A person's name once found in full: where else the document calls them by one of their names ("Lam"). */
  shortForms?: (doc: Indexed) => number[];
};

/** The first MAX_OCCURRENCES positions of a name's word (any of its bases) in the document, in order. */
function positionsOf(doc: Indexed, word: string): number[] {
  return merged(bases(singular(word)).map((base) => doc.words.get(base) ?? []));
}

/** Sorted lists merged into one, without repeats, cut at MAX_OCCURRENCES. */
function merged(lists: number[][]): number[] {
  const nonEmpty = lists.filter((list) => list.length);
  if (nonEmpty.length <= 1) return (nonEmpty[0] ?? []).slice(0, MAX_OCCURRENCES);
  const out: number[] = [];
  const at = nonEmpty.map(() => 0);
  while (out.length < MAX_OCCURRENCES) {
    let next = -1;
    nonEmpty.forEach((list, k) => {
      const value = list[at[k]!];
      if (value !== undefined && (next < 0 || value < nonEmpty[next]![at[next]!]!)) next = k;
    });
    if (next < 0) break;
    const value = nonEmpty[next]![at[next]!++]!;
    if (out.at(-1) !== value) out.push(value);
  }
  return out;
}

/** Where all of a name's words stand within a few words of each other, in one sentence of the document. */
function positionsOfName(doc: Indexed, nameWords: string[]): number[] {
  const lists = nameWords.map((word) => positionsOf(doc, word));
  if (lists.some((list) => list.length === 0)) return [];
  if (lists.length === 1) return lists[0]!.slice(0, MAX_OCCURRENCES);
  const span = nameWords.length + NAME_GAP;
  const rarest = lists.reduce((a, b) => (b.length < a.length ? b : a));
  const found: number[] = [];
  for (const p of rarest.slice(0, MAX_OCCURRENCES)) {
    const sentence = doc.tokens[p]!.sentence;
    if (lists.every((list) => list === rarest || nearIn(list, p - span, p + span, (q) => doc.tokens[q]!.sentence === sentence))) {
      found.push(p);
    }
  }
  return found;
}

/** Whether the sorted list has a value in [lo, hi] that passes the test. */
function nearIn(list: number[], lo: number, hi: number, test: (q: number) => boolean): boolean {
  let a = 0;
  let b = list.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (list[mid]! < lo) a = mid + 1;
    else b = mid;
  }
  for (let k = a; k < list.length && list[k]! <= hi; k++) if (test(list[k]!)) return true;
  return false;
}

function tokenAt(doc: Indexed, offset: number): number {
  let a = 0;
  let b = doc.starts.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (doc.starts[mid]! <= offset) a = mid + 1;
    else b = mid;
  }
  return Math.max(0, a - 1);
}

function quoteItem(quote: Quote): Item | null {
  const pieces = quotePieces(quote.inner);
  if (!pieces.length) return null;
  const [first, ...rest] = pieces as [string, ...string[]];
  return {
    label: `"${quote.inner.trim()}"`,
    find(doc) {
      const found: number[] = [];
      for (
        let from = doc.quote.text.indexOf(first);
        from >= 0 && found.length < MAX_OCCURRENCES;
        from = doc.quote.text.indexOf(first, from + 1)
      ) {
        let at = from + first.length;
        const inOrder = rest.every((piece) => {
          const k = doc.quote.text.indexOf(piece, at);
          if (k < 0) return false;
          at = k + piece.length;
          return true;
        });
        if (!inOrder) break;
        found.push(tokenAt(doc, doc.quote.source[from]!));
      }
      return found;
    },
  };
}

function factItem(fact: Fact, label: string): Item {
  return {
    label,
    find: (doc) =>
      (doc.facts.get(fact.key) ?? [])
        .filter((entry) => compatible(fact.kind, entry.kind))
        .slice(0, MAX_OCCURRENCES)
        .map((entry) => entry.position),
  };
}

/** Whether a sentence's first word (or a word after a colon or an opening quote) is a common word, not a name. */
function commonAtStart(token: Token, vocabulary: Vocabulary): boolean {
  const word = singular(token.norm);
  if (STOPWORDS.has(token.norm) || IMPERATIVES.has(token.norm) || COMMON_STARTERS.has(token.norm) || COMMON_STARTERS.has(word)) {
    return true;
  }
  if (/\p{Ll}\p{Lu}|^\p{Lu}{2,}$/u.test(token.raw)) return false;
  const lower = vocabulary.lower.get(word) ?? 0;
  return lower > 0 && lower >= (vocabulary.proper.get(word) ?? 0);
}

type Stated = { items: Item[]; tokens: Token[]; taken: Set<number> };

/** What a sentence states, each with how to find it in a document. */
function statedIn(sentence: string, vocabulary: Vocabulary): Stated {
  const text = typography(sentence);
  const quotes = findQuotes(text);
  const items: Item[] = quotes.flatMap((quote) => quoteItem(quote) ?? []);
  // Names, numbers and dates outside quotes: a quote is checked word for word as a whole.
  let masked = text;
  for (const q of quotes) masked = `${masked.slice(0, q.start)}${' '.repeat(q.end - q.start)}${masked.slice(q.end)}`;
  const tokens = tokenise(masked);
  const taken = new Set<number>();
  for (const fact of readFacts(masked, tokens)) {
    for (let k = fact.from; k <= fact.to; k++) taken.add(k);
    if (fact.weak) continue;
    const from = tokens[fact.from]!;
    const to = tokens[fact.to]!;
    const currency = masked.slice(Math.max(0, from.start - 3), from.start).match(/(?:[A-Z]{1,2})?[$€£¥]\s?$/)?.[0] ?? '';
    const percent = masked[to.end] === '%' ? '%' : '';
    items.push(factItem(fact, `${currency}${text.slice(from.start, to.end)}${percent}`));
  }
  items.push(...namesIn(tokens, taken, text, vocabulary));
  return { items, tokens, taken };
}

function namesIn(tokens: Token[], taken: Set<number>, text: string, vocabulary: Vocabulary): Item[] {
  const items: Item[] = [];
  let run: Token[] = [];
  const flush = () => {
    // A name does not end on a connector or a role: "Bank of the year" names "Bank".
    while (run.length && !run.at(-1)!.cap && !/^\d/.test(run.at(-1)!.raw)) run.pop();
    const nameWords = run.map((t) => t.norm).filter((w) => !HONORIFICS.has(w) && !STOPWORDS.has(w) && !NAME_CONNECTORS.has(w));
    const onlyRoles = nameWords.every((w) => GENERIC_ACRONYMS.has(w) || ROLES.has(w));
    if (nameWords.length && !onlyRoles) {
      const [first, last] = [run[0]!, run.at(-1)!];
      const item: Item = { label: text.slice(first.start, last.end), find: (doc) => positionsOfName(doc, nameWords) };
      // Two or three capitalised words, nothing else: a person, whom articles name in full once.
      const person = run.length === nameWords.length && nameWords.length >= 2 && nameWords.length <= 3 && run.every((t) => t.cap);
      if (person && !nameWords.some((w) => ROLES.has(w) || GENERIC_ACRONYMS.has(w))) {
        const short = [nameWords[0]!, nameWords.at(-1)!];
        item.shortForms = (doc) => merged(short.map((w) => positionsOf(doc, w)));
      }
      items.push(item);
    }
    run = [];
  };
  const nameAt = (k: number) => {
    const token = tokens[k];
    if (!token || taken.has(k) || /^\d+$/.test(token.raw)) return false;
    // "US$", "HK$", "A$": a currency, part of the amount that follows.
    if (text[token.end] === '$' && /^\p{Lu}{1,2}$/u.test(token.raw)) return false;
    return token.cap || /^\d+\p{L}{2,}$/u.test(token.raw);
  };
  tokens.forEach((token, k) => {
    const next = tokens[k + 1];
    const continues = run.length > 0 && token.adjacent && !token.hyphen && !run.at(-1)!.possessive;
    if (nameAt(k)) {
      if (token.initial && !continues) {
        flush();
        const nextIsName = nameAt(k + 1) && next!.adjacent && !next!.hyphen && !token.possessive;
        if (STOPWORDS.has(token.norm) || IMPERATIVES.has(token.norm)) return;
        if (commonAtStart(token, vocabulary) && !nextIsName) return;
        run.push(token);
        return;
      }
      if (!continues) flush();
      run.push(token);
      return;
    }
    if (token.hyphen && run.length && !taken.has(k)) {
      // "Tsai Ing-wen", "Mercer Island-based": the name is what came before the hyphen.
      flush();
      return;
    }
    const beforeName = nameAt(k + 1) && next!.adjacent && !next!.hyphen && !token.possessive;
    // A connector between two capitalised words stays in the run ("University of Wyoming").
    if (continues && NAME_CONNECTORS.has(token.norm) && beforeName) {
      run.push(token);
      return;
    }
    flush();
    // A role just before a name is part of what is said of that person ("leader Morgan Tsvangirai").
    if (ROLES.has(token.norm) && beforeName && !taken.has(k)) run.push(token);
  });
  flush();
  return items;
}

// ---------------------------------------------------------------------------------------------
// The check

/** The documents as the model saw them: numbered from `firstNumber` in order, as documentsBlock numbers them. */
export function numberedDocuments(documents: Retrieved[], firstNumber = 1): StatementDocument[] {
  return documents.map((doc, i) => ({
    id: i + firstNumber,
    text: doc.text,
    title: doc.title,
    publisher: doc.publisher,
    publishedAt: doc.publishedAt,
  }));
}

/**
 * Checks each sentence against the documents it cites. Sentences past MAX_STATEMENTS, or longer than
 * MAX_STATEMENT_CHARS, are not read and count as unsupported: nothing unchecked is shown as sourced.
 */
export function checkStatements(
  documents: StatementDocument[],
  statements: (Statement | ParsedStatement)[],
  options: CheckOptions = {},
): StatementCheck {
  const citesOf = (statement: Statement) => [
    ...new Set(statement.cites.filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_DOCUMENT_ID)),
  ];
  const cited = new Set(statements.slice(0, MAX_STATEMENTS).flatMap((statement) => citesOf(statement).slice(0, MAX_CITES)));
  const { byId, vocabulary } = indexDocuments(documents, cited);
  const checked = statements.map((statement, n): CheckedStatement => {
    const cites = citesOf(statement);
    const known = cites.filter((id) => byId.has(id)).slice(0, MAX_CITES);
    const base = { ...statement, stated: [], missing: [], apart: [], contradicted: [], unknownCites: cites.filter((id) => !byId.has(id)) };
    if (n >= MAX_STATEMENTS) return { ...base, verdict: 'unsupported', note: `not checked: more than ${MAX_STATEMENTS} statements` };
    if (statement.text.length > MAX_STATEMENT_CHARS) {
      return { ...base, verdict: 'unsupported', note: `not checked: longer than ${MAX_STATEMENT_CHARS} characters` };
    }
    // A question states nothing ("Want talking points for Acme?"): nothing to source.
    if (/\?["'”’)\]]*\s*$/.test(statement.text)) return { ...base, verdict: 'not_factual' };
    const sentence = statedIn(statement.text, vocabulary);
    const stated = sentence.items.map((item) => item.label);
    if (!stated.length) return { ...base, verdict: 'not_factual' };
    if (!known.length) return { ...base, stated, verdict: 'uncited' };
    if (stated.length > MAX_ITEMS) return { ...base, stated, verdict: 'unsupported', note: `not checked: more than ${MAX_ITEMS} facts` };
    const found = locate(
      sentence,
      known.map((id) => byId.get(id)!),
    );
    const fails = found.missing.length + found.apart.length + found.contradicted.length;
    return { ...base, stated, ...found, verdict: fails ? 'unsupported' : 'supported' };
  });
  const total = checked.filter((s) => s.verdict !== 'not_factual').length;
  const sourced = checked.filter((s) => s.verdict === 'supported').length;
  const dropped = options.failing === 'show' ? 0 : total - sourced;
  return { statements: checked, count: { sourced, total, dropped }, noEvidence: sourced === 0 && total > 0 };
}

/**
 * Where a sentence's items are in its cited documents. Each item must be in one of them, in its text
 * or else its title, publisher or date (else missing); those in a text must fall in one passage of
 * PASSAGE_WORDS words, one passage per cited document (else apart). Then direction is compared.
 */
function locate(sentence: Stated, docs: DocumentIndex[]): { missing: string[]; apart: string[]; contradicted: string[] } {
  const { items } = sentence;
  const missing: string[] = [];
  const placed: { item: number; positions: number[][] }[] = [];
  const everywhere: [number, number][][] = docs.map(() => []);
  items.forEach((item, k) => {
    const positions = docs.map((doc) => {
      const full = item.find(doc.body);
      return item.shortForms && (full.length || item.find(doc.meta).length) ? item.shortForms(doc.body) : full;
    });
    positions.forEach((list, d) => {
      for (const p of list) everywhere[d]!.push([p, p]);
    });
    // The title, publisher and date count only for what the text does not have (the date, mostly):
    // what the text has must be found with the rest of the sentence.
    if (positions.some((p) => p.length > 0)) placed.push({ item: k, positions });
    else if (!docs.some((doc) => item.find(doc.meta).length > 0)) missing.push(item.label);
  });
  if (missing.length) return { missing, apart: [], contradicted: [] };
  const { uncovered, passages } = cover(placed, docs.length);
  const apart = uncovered.map((k) => items[placed[k]!.item]!.label);
  if (apart.length) return { missing, apart, contradicted: [] };
  // Compared where the sentence was found; when all of it is in the titles, wherever it is in the text.
  const where = placed.length ? passages : everywhere;
  return { missing, apart, contradicted: contradictions(sentence, docs, where) };
}

/**
 * Which items (indexes into `placed`) cannot be held by one passage of PASSAGE_WORDS words per
 * cited document, and the passages that hold the others. The passages of each document (two
 * pointers over the items' positions; those another passage contains are dropped) are combined, one
 * or none per document, to hold them all, or as many as can be. Bitmasks: a sentence states at most
 * MAX_ITEMS (30), and a bit per item fits.
 */
function cover(placed: { positions: number[][] }[], docs: number): { uncovered: number[]; passages: [number, number][][] } {
  const all = placed.length;
  const full = (1 << all) - 1;
  /** Per document: each passage's items (mask) and where it stands (first and last position). */
  const options: Map<number, [number, number][]>[] = [];
  for (let d = 0; d < docs; d++) {
    const events = placed.flatMap((p, k) => p.positions[d]!.map((position) => ({ k, position }))).sort((a, b) => a.position - b.position);
    const counts = new Array<number>(all).fill(0);
    const masks = new Map<number, [number, number][]>();
    let mask = 0;
    let lo = 0;
    for (const e of events) {
      if (counts[e.k]!++ === 0) mask |= 1 << e.k;
      while (e.position - events[lo]!.position > PASSAGE_WORDS) {
        const gone = events[lo++]!.k;
        if (--counts[gone]! === 0) mask &= ~(1 << gone);
      }
      const spans = masks.get(mask) ?? [];
      if (spans.length < MAX_OCCURRENCES) spans.push([events[lo]!.position, e.position]);
      masks.set(mask, spans);
    }
    const list = [...masks.keys()].sort((a, b) => popcount(b) - popcount(a)).slice(0, MAX_PASSAGES);
    const kept = list.filter((m) => !list.some((other) => other !== m && (other & m) === m));
    options.push(new Map(kept.map((m) => [m, masks.get(m)!])));
  }
  let best: number[] = [];
  let bestHeld = 0;
  let steps = 0;
  const chosen: number[] = [];
  const search = (d: number, held: number): boolean => {
    if (popcount(held) > popcount(bestHeld)) {
      bestHeld = held;
      best = [...chosen];
    }
    if (held === full) return true;
    if (d === docs || ++steps > MAX_COVER_STEPS) return false;
    for (const m of options[d]!.keys()) {
      if ((m | held) === held) continue;
      chosen[d] = m;
      if (search(d + 1, m | held)) return true;
    }
    chosen[d] = 0;
    return search(d + 1, held);
  };
  search(0, 0);
  return {
    uncovered: placed.map((_, k) => k).filter((k) => !(bestHeld & (1 << k))),
    passages: options.map((masks, d) => (best[d] ? masks.get(best[d]!)! : [])),
  };
}

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n += 1;
  return n;
}

/**
 * The sentence's other words that its cited documents contradict, near what the sentence names
 * (POLARITY_REACH words around each of its names, numbers, dates and quotes):
 * - negated: a word the sentence states plainly that the document there only states negated ("is
 *   opening new stores" where it says "is not opening"). The other way round ("no longer able to
 *   access" for "excluding … from access") is how summaries paraphrase, and is not judged.
 * - opposed: a word of one direction (rose, won, accepted, opened, more) where the document there
 *   has only the opposite one (fell, lost, resisted, closed, fewer) next to a word the sentence
 *   also has next to its own ("relations had worsened" where it says "relations had improved").
 * A word the document does not use near them is not judged: that is paraphrase, not contradiction.
 */
function contradictions(sentence: Stated, docs: DocumentIndex[], spans: [number, number][][]): string[] {
  const { tokens, taken } = sentence;
  const regions = spans.map((list) => {
    const merged: [number, number][] = [];
    for (const [a, b] of [...list].sort((x, y) => x[0] - y[0])) {
      const last = merged.at(-1);
      if (last && a - POLARITY_REACH <= last[1] + 1) last[1] = Math.max(last[1], b + POLARITY_REACH);
      else merged.push([a - POLARITY_REACH, b + POLARITY_REACH]);
    }
    return merged;
  });
  const inRegion = (d: number, q: number) => {
    const list = regions[d]!;
    let [a, b] = [0, list.length];
    while (a < b) {
      const mid = (a + b) >> 1;
      if (list[mid]![1] < q) a = mid + 1;
      else b = mid;
    }
    return a < list.length && list[a]![0] <= q;
  };
  /** Where the cited documents use these words (by stem and, when given, exactly), near what the sentence names. */
  const uses = (stems: Iterable<string>, exactly?: Set<string>): { doc: Indexed; q: number }[] => {
    const found: { doc: Indexed; q: number }[] = [];
    docs.forEach((doc, d) => {
      for (const key of stems) {
        for (const q of doc.body.stems.get(key) ?? []) {
          if (inRegion(d, q) && (!exactly || exactly.has(doc.body.tokens[q]!.norm))) found.push({ doc: doc.body, q });
        }
      }
    });
    return found;
  };
  const negatedAt = (k: number) => tokens.slice(Math.max(0, k - NEGATION_SCOPE), k).some(isNegation);
  // A capitalised word is a name, except the sentence's first ("Revenue fell 8%": revenue is what fell).
  const content = (token: Token, at: number) =>
    token.norm.length >= 4 && (!token.cap || at === 0) && !STOPWORDS.has(token.norm) && !isNegation(token) && !/\d/.test(token.norm);
  const found: string[] = [];
  tokens.slice(0, MAX_POLARITY_WORDS).forEach((token, k) => {
    if (taken.has(k) || token.cap || negatedAt(k) || /\d/.test(token.norm)) return;
    const word = token.norm;
    // What the word is said of: the sentence's words next to it. The document's uses count only
    // next to one of them ("not opening any new stores" for "opening new stores", not "open a plant").
    const from = Math.max(0, k - ANCHOR_REACH);
    const anchors = new Set(
      tokens
        .slice(from, k + ANCHOR_REACH + 1)
        .filter((t, i) => t !== token && content(t, from + i) && !OPPOSED.has(t.norm))
        .map((t) => stem(t.norm)),
    );
    const anchored = (stems: Iterable<string>, exactly?: Set<string>) =>
      uses(stems, exactly).filter(({ doc, q }) => {
        for (let j = Math.max(0, q - ANCHOR_REACH); j <= q + ANCHOR_REACH && j < doc.tokens.length; j++) {
          if (j !== q && anchors.has(stem(doc.tokens[j]!.norm))) return true;
        }
        return false;
      });
    if (content(token, k)) {
      const used = anchored([stem(word)]);
      if (used.length && used.every(({ doc, q }) => doc.negated[q] === 1)) {
        found.push(`${token.raw} (the source: not ${used[0]!.doc.tokens[used[0]!.q]!.raw})`);
        return;
      }
    }
    const pair = OPPOSITES.find(([a, b]) => a.has(word) || b.has(word));
    if (!pair) return;
    const [same, opposite] = pair[0].has(word) ? pair : [pair[1], pair[0]];
    const plainly = (set: Set<string>) => anchored(new Set([...set].map(stem)), set).filter(({ doc, q }) => doc.negated[q] === 0);
    if (plainly(same).length) return;
    const against = plainly(opposite);
    if (against.length) found.push(`${token.raw} (the source: ${against[0]!.doc.tokens[against[0]!.q]!.raw})`);
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// The model's text: sentences ending in [1] or [1, 3]

const MARKER = /\[\s*\d{1,5}(?:\s*[,;–-]\s*\d{1,5})*\s*\]/g;

function citesOf(marker: string): number[] {
  const cites: number[] = [];
  for (const part of marker.slice(1, -1).split(/[,;]/)) {
    const range = part.split(/[–-]/).map((n) => Number(n.trim()));
    const [from, to] = [range[0]!, range[1] ?? range[0]!];
    // A range is at most ten documents: "[1-9999]" is not a citation of everything.
    for (let id = from; id <= Math.min(to, from + 9); id++) cites.push(id);
  }
  return cites;
}

/**
 * The sentences of marked-up text, each with the documents its markers cite. A marker belongs to
 * the sentence it ends ("… in 2014 [1]." or "… in 2014. [1]"); markers within a sentence add to its
 * cites. Paragraphs (blank lines), lines and list markers are kept so keptText can rebuild the text.
 */
export function parseStatements(marked: string): ParsedStatement[] {
  const out: ParsedStatement[] = [];
  const paragraphs = marked
    .slice(0, MAX_TEXT_CHARS)
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/);
  paragraphs.forEach((paragraph, p) => {
    paragraph
      .split('\n')
      .filter((line) => line.trim())
      .forEach((line, l) => {
        const bullet = line.match(/^\s*(?:[-*•·]|\d{1,2}[.)])\s+/)?.[0];
        const body = bullet ? line.slice(bullet.length) : line;
        splitSentences(body).forEach((sentence) => {
          const cites = [...sentence.matchAll(MARKER)].flatMap((m) => citesOf(m[0]));
          const text = sentence
            .replace(MARKER, ' ')
            .replace(/\s+([.,;:!?])/g, '$1')
            .replace(/\s+/g, ' ')
            .trim();
          if (!text) {
            // Markers alone on a line cite the sentence before them.
            if (out.length && cites.length) out.at(-1)!.cites = [...new Set([...out.at(-1)!.cites, ...cites])];
            return;
          }
          out.push({ text, cites: [...new Set(cites)], paragraph: p, line: l, ...(bullet ? { bullet: bullet.trim() } : {}) });
        });
      });
  });
  return out;
}

/** Sentence ends: . ! ? (after closing quotes and markers) before a capital, digit, quote or the end. */
function splitSentences(line: string): string[] {
  const sentences: string[] = [];
  const END = /([.!?]+)(["'”’)\]]*)((?:\s*\[\s*\d{1,5}(?:\s*[,;–-]\s*\d{1,5})*\s*\])*)(?=\s+["'“‘(]?[\p{Lu}\p{N}]|\s*$)/gu;
  let from = 0;
  for (const m of line.matchAll(END)) {
    const at = m.index;
    const hasMarkers = m[3]!.trim().length > 0;
    if (m[1] === '.' && !hasMarkers && !m[2]) {
      const word = line.slice(from, at).match(/(\S+)$/)?.[1] ?? '';
      // "Mr. Smith", "U.S. Embassy", "John F. Kennedy": not an end, unless markers say so.
      if (/^(?:\p{L}\.)+\p{L}$/u.test(word) || /^\p{Lu}$/u.test(word) || ABBREVIATIONS.has(word.toLowerCase())) continue;
    }
    const end = at + m[0].length;
    sentences.push(line.slice(from, end));
    from = end;
  }
  if (line.slice(from).trim()) sentences.push(line.slice(from));
  return sentences.map((s) => s.trim()).filter(Boolean);
}

/** A sentence with its markers, as shown: "Acme grew 12% [1, 3]." */
export function markedSentence(statement: Statement): string {
  if (!statement.cites.length) return statement.text;
  const marker = `[${statement.cites.join(', ')}]`;
  const end = statement.text.match(/[.!?]+["'”’)]*$/)?.[0] ?? '';
  return `${statement.text.slice(0, statement.text.length - end.length)} ${marker}${end}`;
}

/**
 * The answer without its failing sentences: supported and not-factual sentences, with their
 * markers, in their paragraphs and lines. NO_SUPPORTING_EVIDENCE when no fact survived.
 * `all`: every sentence, failing ones too, as written (Wolfebot shows them greyed).
 */
export function keptText(check: StatementCheck, { markers = true, all = false }: { markers?: boolean; all?: boolean } = {}): string {
  if (check.noEvidence && !all) return NO_SUPPORTING_EVIDENCE;
  const paragraphs: string[][] = [];
  let lastKey = '';
  let lines: string[] = [];
  let current = '';
  const closeLine = () => {
    if (current) lines.push(current);
    current = '';
  };
  check.statements.forEach((statement) => {
    if (!all && statement.verdict !== 'supported' && statement.verdict !== 'not_factual') return;
    // Statements given as a list (not parsed from text) form one paragraph.
    const position = 'paragraph' in statement ? statement : { paragraph: 0, line: 0, bullet: undefined };
    const key = `${position.paragraph}:${position.line}`;
    const paragraphChanged = lastKey && lastKey.split(':')[0] !== String(position.paragraph);
    if (key !== lastKey) {
      closeLine();
      if (paragraphChanged) {
        paragraphs.push(lines);
        lines = [];
      }
    }
    const sentence = markers && (all || statement.verdict === 'supported') ? markedSentence(statement) : statement.text;
    current = current ? `${current} ${sentence}` : `${position.bullet ? `${position.bullet} ` : ''}${sentence}`;
    lastKey = key;
  });
  closeLine();
  if (lines.length) paragraphs.push(lines);
  return paragraphs.map((p) => p.join('\n')).join('\n\n');
}
