// The check of a finished answer (issue 27 §3–4), through the one statement checker
// (ai/statements.ts): citations to documents that were not retrieved are removed, and each sentence
// is compared with the documents it cites. Wolfebot shows a sentence that fails greyed, as
// unsupported, rather than dropping it; an answer none of whose facts is supported says so instead.
import type { StatementCount } from '../../../shared/library.ts';
import type { AnswerSentence, Citation } from '../../../shared/wolfebot.ts';
import { checkStatements, keptText, markedSentence, parseStatements } from '../../ai/statements.ts';

/** A document the answer could cite, numbered as the prompt numbered it. */
export type AnswerDocument = Citation & { text: string; publishedAt?: string | null };

export type CheckedAnswer = {
  /** The answer as shown: its sentences with their known markers, in their paragraphs. */
  text: string;
  /** The documents it cites, each once, in their numbers' order. */
  citations: Citation[];
  sentences: AnswerSentence[];
  statements: StatementCount;
  /** Facts were stated and none is supported by its sources: the answer must say so instead. */
  noEvidence: boolean;
};

export function checkAnswer(documents: AnswerDocument[], text: string): CheckedAnswer {
  const known = new Map(documents.map((d) => [d.n, d]));
  // Markers pointing nowhere are dropped: the page must not show a [9] without a source.
  const parsed = parseStatements(text).map((s) => ({ ...s, cites: s.cites.filter((n) => known.has(n)) }));
  const check = checkStatements(
    documents.map((d) => ({ id: d.n, text: d.text, title: d.title, publishedAt: d.publishedAt ?? null })),
    parsed,
    { failing: 'show' },
  );
  const sentences: AnswerSentence[] = check.statements.map((s) => ({ text: markedSentence(s), cites: s.cites, verdict: s.verdict }));
  const cited = new Set(sentences.flatMap((s) => s.cites));
  const citations = [...cited]
    .sort((a, b) => a - b)
    .map((n) => {
      const { text: _text, publishedAt: _publishedAt, ...citation } = known.get(n)!;
      return citation;
    });
  return {
    text: keptText(check, { all: true }),
    citations,
    sentences,
    statements: check.count,
    noEvidence: check.noEvidence && check.count.total > 0,
  };
}
