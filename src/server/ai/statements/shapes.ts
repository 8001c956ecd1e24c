// The public shapes of the statement check: what it reads, what it returns, and the rule a prompt gives the model.

import type { StatementCount } from '../../../shared/library.ts';

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
  /**
   * Words of the sentence its passage contradicts: "opening (the source: not opening)", and figures
   * the source gives other words: "$144 million (the source gives naked, vote, termination, fee $15 million)".
   */
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
