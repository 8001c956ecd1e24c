// Bounds: a model's answer or a document can be of any size; the work is capped before matching.

export const MAX_STATEMENTS = 300;
export const MAX_STATEMENT_CHARS = 1_000;
export const MAX_TEXT_CHARS = 100_000;
export const MAX_CITES = 10;
export const MAX_DOCUMENTS = 200;
export const MAX_DOCUMENT_CHARS = 200_000;
export const MAX_TOTAL_DOCUMENT_CHARS = 2_000_000;
/** Occurrences of one name, number or quote looked at in one document. */
export const MAX_OCCURRENCES = 500;
/** Cited document ids above this are nonsense, not documents. */
export const MAX_DOCUMENT_ID = 10_000;

/**
 * How close (in words) what one sentence states must be in a cited document: about a paragraph.
 * Far enough for a sentence that joins neighbouring sentences of its source, close enough that a
 * name from one part of an article and a figure from another do not make a supported claim.
 */
export const PASSAGE_WORDS = 60;
/** Names, numbers, dates and quotes one sentence may state and still be checked. */
export const MAX_ITEMS = 30;
/** Steps of the search for passages that together hold a sentence (a few documents, a few passages each). */
export const MAX_COVER_STEPS = 20_000;
/** How far apart the words of one name may be ("Robert Mugabe, his wife Grace" is Grace Mugabe). */
export const NAME_GAP = 4;
/** How far around what a sentence states its other words are looked for, to compare negation and direction. */
export const POLARITY_REACH = 30;
/** A negation applies to the next few words ("did not have advance notice"). */
export const NEGATION_SCOPE = 3;
/** How near a word the words it is said of stand ("opening any new 365 stores"). */
export const ANCHOR_REACH = 5;
/** Words of one sentence compared with its source for negation and direction. */
export const MAX_POLARITY_WORDS = 200;
/** Passages of one document kept for combining with other documents' (those holding the most items). */
export const MAX_PASSAGES = 64;
/** Words of one sentence looked at for which figure goes with which words (figures.ts). */
export const FIGURE_WORDS = 200;
/**
 * Terms of a figure (figures.ts) that a source sentence giving another figure must share, none of
 * them found with the stated figure, for the figure to be given to the wrong thing: enough that a
 * sentence sharing a name and a common word or two ("President", "contract") does not decide it.
 */
export const FIGURE_DISTINCT = 3;
