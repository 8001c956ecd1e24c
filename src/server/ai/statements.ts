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
//   (function words, imperatives, words the retrieved documents mostly write in lower case); the
//   verb an instruction begins with ("Show", "Summarise") is none unless the documents write it as a name.
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
//   only the opposite one next to the same thing ("relations had worsened" against "improved");
//   when it has both, the one next to more of the sentence's words decides ("closed fewer coal-fired
//   plants" over "nearby plants that generate more electricity").
// - Each figure given the words the source gives it: a figure is said with the sentence's words
//   nearest to it; when a source sentence giving another figure of its kind shares more of them than
//   any sentence giving the stated one, three of them never found with it, the figure was given to
//   the wrong thing ("the naked no-vote termination fee is $144 million" where the source says "a
//   $144 million breakup fee" and "a naked no-vote termination fee of $15 million").
//
// What it cannot see: a sentence that keeps every name, number, date and quote of its source and
// changes what links them in other words (a name given to the wrong thing, a figure given to the
// wrong thing within one source sentence, a meaning changed without a negation or a listed direction
// word). tests/fixtures/statements counts those apart (swap, relation).
//
// The rooms (statements/): shapes.ts (what the check reads and returns), bounds.ts, vocabulary.ts
// (word lists), tokens.ts (words and their normal forms), facts.ts (numbers and dates), quotes.ts,
// document-index.ts (the cited documents indexed), stated.ts (what a sentence states), check.ts
// (the check and its passages), contradictions.ts (negation and direction), figures.ts (which
// figure goes with which words), markers.ts (parsing the model's marked-up text and rebuilding it).
// This file is their one door.

export { PASSAGE_WORDS } from './statements/bounds.ts';
export { checkStatements, numberedDocuments } from './statements/check.ts';
export { keptText, markedSentence, parseStatements } from './statements/markers.ts';
export {
  type CheckedStatement,
  type CheckOptions,
  CITATION_RULE,
  NO_SUPPORTING_EVIDENCE,
  type ParsedStatement,
  type Statement,
  type StatementCheck,
  type StatementDocument,
  type Verdict,
} from './statements/shapes.ts';
