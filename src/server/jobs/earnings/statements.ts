// The statement check of an earnings summary (issue 27 §4), apart from the run that asks for it so
// that it can be measured on labelled fixtures (scripts/measure-sourced.ts) without a database.
// Only what the documents support reaches the mail: findings and sources by retrieved URL (only what
// this run fetched: a provider's own citations are pages we never read), quotes by their words; each
// sentence against the documents it cites, numbered as the prompt numbered them, a finding against
// its own source too, whether or not it says [n]. A finding that fails goes; a summary with nothing
// supported says NO_SUPPORTING_EVIDENCE instead (its sources still listed).
import type { StatementCount } from '../../../shared/library.ts';
import { Grounding, mailText, type Retrieved } from '../../ai/grounding.ts';
import { NO_SUPPORTING_EVIDENCE, numberedDocuments } from '../../ai/statements.ts';
import type { EmailArticle } from '../../mail/alert-emails/types.ts';
import { addCounts, checkText, NO_STATEMENTS } from '../runs/statements.ts';
import type { EarningsSummaryOutput } from './prompts.ts';

export type CheckedSummary = {
  keySummary: string;
  keyFindings: string[];
  quotes: { text: string; speaker: string | null }[];
  sources: EmailArticle[];
  /** What the e-mail's "N of M statements sourced" counts. */
  statements: StatementCount;
};

/** `documents`: the release (and transcript) as the prompt numbered them ([1] is the first). */
export function checkEarningsSummary(documents: Retrieved[], output: EarningsSummaryOutput): CheckedSummary {
  const grounding = new Grounding(documents);
  const numbered = numberedDocuments(documents);
  const numberOf = new Map(documents.map((doc, i) => [doc.url, i + 1]));
  let counted = NO_STATEMENTS;
  const findings: { text: string; sourceUrl: string }[] = [];
  for (const finding of output.keyFindings) {
    const source = finding.text.trim() ? grounding.source(finding.sourceUrl) : null;
    if (!source) continue;
    const own = numberOf.get(source.url);
    const checked = checkText(numbered, finding.text, own ? [own] : []);
    counted = addCounts(counted, checked.count);
    const text = mailText(checked.text);
    if (!checked.unsupported && text) findings.push({ text, sourceUrl: finding.sourceUrl });
  }
  const summary = checkText(numbered, output.keySummary);
  counted = addCounts(counted, summary.count);
  // Nothing the documents support: the mail says so instead of summarising (its sources still listed).
  const noEvidence = counted.total > 0 && counted.sourced === 0;
  const quotes = grounding
    .quotes(output.quotes.map((q) => ({ text: q.text.trim(), speaker: q.speaker.trim(), context: '' })))
    .map((q) => ({ text: q.text, speaker: q.speaker || null }));
  let sources = grounding.sources([...output.sources, ...findings.map((f) => f.sourceUrl)]);
  // A model that cited nothing still read the release: the mail links what it read.
  if (sources.length === 0) sources = grounding.sources(documents.map((d) => d.url));
  return {
    keySummary: noEvidence ? NO_SUPPORTING_EVIDENCE : mailText(summary.text),
    keyFindings: findings.map((f) => f.text),
    quotes,
    sources: sources.map((s) => ({ title: s.title ?? s.url, url: s.url, publisher: s.publisher, publishedAt: s.publishedAt })),
    statements: counted,
  };
}
