// The post-call summary an earnings alert e-mails: what the model is asked, with the results release
// (or transcript) it reads, and the shape of its answer. Each finding names the document it comes
// from, and each sentence that states a fact ends with its documents' numbers ("[1]"), so that a
// sentence the documents do not support can be dropped (issue 27 §4) like an invented source.
import { z } from 'zod';
import { documentsBlock } from '../../ai/documents.ts';
import type { Retrieved } from '../../ai/grounding.ts';
import { CITATION_RULE } from '../../ai/statements.ts';

const text = (description: string) => z.string().min(1).describe(description);

export const earningsSummaryOutput = z.object({
  keySummary: text(
    'Two to four sentences: the results of the quarter and the message management gave with them; each sentence that states a fact ends with the numbers of its documents ("[1]").',
  ),
  keyFindings: z
    .array(
      z.object({
        text: text(
          'One sentence: a specific result, margin, segment, guidance or risk stated in a document, ending with its number ("[1]").',
        ),
        sourceUrl: z.string().describe('The URL of the document that states it, copied exactly.'),
      }),
    )
    .max(8)
    .describe('Four to six findings.'),
  quotes: z
    .array(
      z.object({
        text: text('Words copied exactly from a document, without the surrounding quotation marks.'),
        speaker: z.string().describe('Who said it, with their role when the document gives it; empty when unknown.'),
      }),
    )
    .max(5)
    .describe('Up to three quotes copied verbatim from the documents; leave empty when the documents quote no one.'),
  sources: z.array(z.string()).max(10).describe('URLs of the documents above that support the summary, copied exactly.'),
});
export type EarningsSummaryOutput = z.infer<typeof earningsSummaryOutput>;

export const earningsSummarySystem = [
  'You are an equity analyst who writes a short post-earnings briefing for a B2B salesperson who follows this company.',
  'Use only the documents provided in the message. Do not use outside knowledge for facts, figures or quotes.',
  'When the documents do not support something, leave it out rather than guess.',
  'Cite documents only by their URL exactly as given. Never invent or alter a URL.',
  'Quotes must be copied word for word from the documents.',
  'Write plain text (no Markdown, no HTML).',
  CITATION_RULE,
  'Answer with a single JSON object that matches the required schema.',
].join('\n');

export function earningsSummaryPrompt(input: {
  companyName: string;
  ticker: string;
  period: string;
  keywords: string | null;
  documents: Retrieved[];
}) {
  return [
    `Company: ${input.companyName} (${input.ticker})`,
    `Period: ${input.period}`,
    input.keywords ? `The reader cares in particular about: ${input.keywords}` : null,
    '',
    'Summarise these earnings results for the reader.',
    '',
    documentsBlock(input.documents),
  ]
    .filter((line) => line !== null)
    .join('\n');
}
