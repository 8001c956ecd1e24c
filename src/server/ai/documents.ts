// How retrieved documents and the rules for using them are put to a model, for every task that
// reads documents (research, alert e-mails): numbered blocks with the URL to cite, within a budget.
import type { Retrieved } from './grounding.ts';

/** The documents a prompt carries, in characters (about 15k tokens); the newest come first. */
const DOCUMENT_BUDGET = 60_000;
const PER_DOCUMENT = 20_000;

export const GROUND_RULES = [
  'Use only the documents provided in the message. Do not use outside knowledge for facts, figures or quotes.',
  'When the documents do not support something, leave it out rather than guess.',
  'Cite documents only by their URL exactly as given. Never invent or alter a URL.',
  'A document marked "Evidence: headline only" is just a headline: report only what the headline itself says, never details it does not state.',
  'Write plain text (no Markdown, no HTML) for a B2B salesperson preparing for a customer conversation.',
  'Answer with a single JSON object that matches the required schema.',
].join('\n');

/** The retrieved documents as the model sees them, within the budget. */
export function documentsBlock(documents: Retrieved[], firstNumber = 1) {
  let budget = DOCUMENT_BUDGET;
  const parts: string[] = [];
  documents.forEach((doc, i) => {
    if (budget <= 0) return;
    const body = doc.text.slice(0, Math.min(PER_DOCUMENT, budget));
    budget -= body.length;
    parts.push(
      [
        `[${i + firstNumber}] URL: ${doc.url}`,
        doc.title ? `Title: ${doc.title}` : null,
        doc.publisher || doc.publishedAt ? `Publisher: ${doc.publisher ?? 'unknown'} | Published: ${doc.publishedAt ?? 'unknown'}` : null,
        doc.evidence === 'headline' ? "Evidence: headline only (the article's text could not be read)" : null,
        `Text: ${body}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  });
  return `Documents (${parts.length}):\n\n${parts.join('\n\n')}`;
}
