// The newsletter digest task: what the model is asked (the retrieved articles, numbered, grouped
// in sections) and the shape of its answer. The model cites by URL; the run keeps only URLs it
// retrieved for that section, and takes titles, publishers and dates from what it retrieved. Each
// sentence that states a fact ends with the numbers of its documents ("[3]"), so that the run can
// check it against them (issue 27 §4).
import { z } from 'zod';
import type { Retrieved } from '../../ai/grounding.ts';
import { CITATION_RULE } from '../../ai/statements.ts';
import { capText } from '../../sources/web/text.ts';

/**
 * Per article snippet, in characters: news snippets are short, and a digest has many articles (at
 * most 25 companies and 12 topics, 5 each: about 90k characters, 23k tokens, in all).
 */
const PER_DOCUMENT = 300;

export type PromptSection = {
  /** Company and topic sections are numbered; the industry coverage the AI reads for trends is not. */
  kind: 'company' | 'topic' | 'trends';
  title: string;
  keywords: string[];
  documents: Retrieved[];
};

const text = (description: string) => z.string().min(1).describe(description);
const items = z
  .array(
    z.object({
      url: z.string().describe('The URL of a document of this section, copied exactly.'),
      whyItMatters: text(
        'One sentence: why this article matters to a salesperson covering this company or industry, ending with the article\'s number ("[3]") when it states a fact.',
      ),
    }),
  )
  .max(10)
  .describe("The section's documents worth reading, most important first; leave out irrelevant ones and repeats of a story.");

export const newsletterOutput = z.object({
  sections: z
    .array(
      z.object({
        section: z.number().int().describe('The number of the section, as given ("Section 3" is 3).'),
        summary: text(
          'One or two sentences: what happened in this section during the period; each sentence that states a fact ends with the numbers of its documents ("[2]", "[2, 4]").',
        ),
        items,
      }),
    )
    .max(40)
    .describe('One entry per numbered section that has documents worth reading.'),
  trends: z
    .array(
      z.object({
        title: text('A short name for the trend (at most eight words).'),
        summary: text(
          'One or two sentences on the trend; each sentence that states a fact ends with the numbers of its documents ("[7]").',
        ),
        items,
      }),
    )
    .max(5)
    .describe('Only when the message asks for trends: two to five distinct trends from the industry coverage. Otherwise an empty list.'),
});
export type NewsletterOutput = z.infer<typeof newsletterOutput>;

export const newsletterSystem = [
  'You are an industry analyst who writes a periodic news digest for a B2B salesperson: their portfolio companies and their industry.',
  'Use only the documents provided in the message. Do not use outside knowledge for facts or figures.',
  'When the documents do not support something, leave it out rather than guess.',
  'Cite documents only by their URL exactly as given. Never invent or alter a URL, and cite a document only in its own section.',
  'Write plain text (no Markdown, no HTML).',
  CITATION_RULE,
  'Answer with a single JSON object that matches the required schema.',
].join('\n');

/** Google News snippets are the title and the publisher again: nothing the model needs twice. */
function repeatsTitle(doc: Retrieved) {
  const title = doc.title ?? '';
  return !doc.text || (doc.text.startsWith(title) && doc.text.length <= title.length + (doc.publisher?.length ?? 0) + 3);
}

function documentLines(doc: Retrieved, n: number) {
  const body = repeatsTitle(doc) ? '' : capText(doc.text, PER_DOCUMENT);
  return [
    `[${n}] URL: ${doc.url}`,
    doc.title ? `Title: ${doc.title}` : null,
    `Publisher: ${doc.publisher ?? 'unknown'} | Published: ${doc.publishedAt ?? 'unknown'}`,
    body ? `Text: ${body}` : null,
  ]
    .filter(Boolean)
    .join('\n');
}

function heading(section: PromptSection, number: number) {
  if (section.kind === 'trends') return `Industry coverage (identify trends from these): ${section.title}`;
  const keywords = section.keywords.length ? ` (keywords: ${section.keywords.join(', ')})` : '';
  return `Section ${number} (${section.kind}): ${section.title}${keywords}`;
}

/**
 * The digest request. Sections are numbered from 1 in the order given (the trends coverage is not
 * numbered); documents are numbered across the whole message. Sections without documents are left out.
 */
export function newsletterPrompt(input: { industry: string; regions: string[]; periodLabel: string; sections: PromptSection[] }) {
  const askTrends = input.sections.some((s) => s.kind === 'trends' && s.documents.length > 0);
  let sectionNumber = 0;
  let documentNumber = 0;
  const blocks: string[] = [];
  for (const section of input.sections) {
    if (section.kind !== 'trends') sectionNumber += 1;
    if (section.documents.length === 0) continue;
    const docs = section.documents.map((doc) => documentLines(doc, ++documentNumber));
    blocks.push(`${heading(section, sectionNumber)}\n\n${docs.join('\n\n')}`);
  }
  return [
    `Industry: ${input.industry}`,
    `Regions: ${input.regions.join(', ')}`,
    `Period: ${input.periodLabel}`,
    '',
    "For each numbered section, choose the documents worth the reader's time, write a summary of the section, and say in one sentence per chosen document why it matters. Leave out a section when none of its documents is worth reading.",
    askTrends
      ? 'From the industry coverage, identify two to five distinct trends, each with a short title, a summary and the documents that show it, in "trends".'
      : 'Leave "trends" empty.',
    '',
    blocks.join('\n\n'),
  ].join('\n');
}

/** A bound on the answer: a summary and a few items per section. */
export function newsletterMaxOutputTokens(sections: PromptSection[]) {
  const weight = sections.reduce((sum, s) => sum + (s.documents.length === 0 ? 0 : s.kind === 'trends' ? 5 : 1), 0);
  return Math.min(16_000, 1000 + 450 * weight);
}
