// Passages: what of a long article the model reads, within a budget, chosen by the search's own
// terms (the company and its keywords). Reads the paragraphs extractArticle writes.

import { capText } from '../web/text.ts';
import { PARAGRAPH_BREAK, tidyParagraph } from './article-text.ts';

/** The opening paragraphs get about this share of the budget: they say what the story is. */
const LEAD_SHARE = 0.2;
/** A paragraph longer than this (an articleBody without breaks) is read as passages of sentences about this long. */
const PASSAGE_CHARS = 1_000;
/** A paragraph cut shorter than this says too little to be worth its place. */
const MIN_CUT_CHARS = 80;

/**
 * At most `maxChars` of `text`: all of it when it fits; else its lead (the first paragraph, whole when
 * it takes at most half the budget, and those after it up to a fifth), then the paragraphs that
 * mention the terms most (case-insensitive, whole words), then those after the lead, until the budget
 * is spent: in the article's order, the last one taken cut at a word boundary.
 */
export function relevantPassages(text: string, terms: string[], maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return '';
  const passages = text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .flatMap(sentenceGroups);
  if (passages.length === 0) return '';
  const patterns = terms.map(termPattern).filter((pattern): pattern is RegExp => pattern !== null);
  const hits = passages.map((passage) => patterns.reduce((count, pattern) => count + (passage.match(pattern)?.length ?? 0), 0));

  const chosen = new Map<number, string>();
  let used = 0;
  /**
   * Adds passage `i` when it fits in `budget`; else, when `cut` (and enough room is left), its
   * opening. False when it did not fit: the budget is spent.
   */
  const take = (i: number, budget: number, cut: boolean): boolean => {
    if (chosen.has(i)) return true;
    const room = budget - used - (chosen.size ? PARAGRAPH_BREAK.length : 0);
    const passage = passages[i]!;
    const fits = passage.length <= room;
    const kept = fits ? passage : cut && room >= Math.min(MIN_CUT_CHARS, budget) ? capText(passage, room) : '';
    if (kept) {
      chosen.set(i, kept);
      used += kept.length + (chosen.size > 1 ? PARAGRAPH_BREAK.length : 0);
    }
    return fits;
  };

  const leadBudget = Math.floor(maxChars * LEAD_SHARE);
  // The first paragraph says what the story is: whole when it takes at most half the budget, else its
  // opening (however small the budget); then those that follow it.
  take(0, Math.max(Math.floor(maxChars / 2), Math.min(maxChars, MIN_CUT_CHARS)), true);
  for (let i = 1; i < passages.length && take(i, leadBudget, false); i += 1);
  const byHits = passages
    .map((_, i) => i)
    .filter((i) => hits[i]! > 0)
    .sort((a, b) => hits[b]! - hits[a]! || a - b);
  const rest = passages.map((_, i) => i);
  for (const i of [...byHits, ...rest]) if (!take(i, maxChars, true)) break;
  return [...chosen.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, passage]) => passage)
    .join(PARAGRAPH_BREAK);
}

const SENTENCE_END = /(?<=[.!?][’”"')\]]*)\s+(?=[‘“"'([]?[\p{Lu}\p{N}])/u;

/** A long paragraph as groups of whole sentences of about PASSAGE_CHARS each. */
function sentenceGroups(paragraph: string): string[] {
  if (paragraph.length <= PASSAGE_CHARS * 1.5) return [paragraph];
  const groups: string[] = [];
  let group = '';
  for (const sentence of paragraph.split(SENTENCE_END)) {
    if (group && group.length + 1 + sentence.length > PASSAGE_CHARS) {
      groups.push(group);
      group = sentence;
    } else group = group ? `${group} ${sentence}` : sentence;
  }
  if (group) groups.push(group);
  return groups;
}

/** A term as a whole-word, case-insensitive pattern; plurals and possessives count ("cloud" finds "clouds", "Acme's"). */
function termPattern(term: string): RegExp | null {
  const words = term
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'));
  if (words.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?:['’]s|e?s)?(?![\\p{L}\\p{N}])`, 'giu');
}

const OPERATOR = /^(OR|AND|NOT)$/i;
// Search operators: Google's when:7d and site:, GDELT's sourcecountry:, sourcelang:, domain:…
const FILTER = /^\p{L}[\p{L}\p{N}]*:/u;

/** A bare word of a search, without its punctuation; '' for an operator, a filter or an excluded word. */
function searchWord(word: string): string {
  if (word.startsWith('-') || OPERATOR.test(word) || FILTER.test(word)) return '';
  return word.replace(/^[+~,;.!?]+|[,;.!?]+$/g, '');
}

/**
 * The words and quoted phrases a news search looks for: `"Acme Corp" (cloud OR "data center")
 * when:7d` → Acme Corp, cloud, data center. Operators, filters and excluded (-) terms are not.
 */
export function queryTerms(query: string): string[] {
  const terms = new Map<string, string>();
  for (const [, excluded, phrase, word] of query.matchAll(/(-?)"([^"]*)"|([^\s"()]+)/g)) {
    const term = phrase !== undefined ? (excluded ? '' : tidyParagraph(phrase)) : searchWord(word!);
    if (term && !terms.has(term.toLowerCase())) terms.set(term.toLowerCase(), term);
  }
  return [...terms.values()];
}
