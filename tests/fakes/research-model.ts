// A fixture "model" for the fake OpenAI server: it answers the research tasks from the documents in
// the prompt, like a well-behaved model would (each sentence a document's own, ending with that
// document's number: "… [2]."), and always adds one invented source, one finding with an invented
// figure (INVENTED_FIGURE), one finding citing a document that does not exist, one market figure the
// cited document does not state (and, for earnings, one invented quote) so tests can see that the
// server drops them. Words in the company or industry name select a failure, so parallel tests need
// no shared state:
//   Garbled   → invalid JSON first, a valid answer to the repair request
//   Hopeless  → an answer that never fits the schema, even when repairing
//   Busy      → 429 once per prompt, then an answer
//   Overloaded→ 429 every time
//   Sluggish  → answers after 8 s (longer than the e2e AI_TIMEOUT_SECONDS)
//   Sparse    → no market data and no sources (the trends warning)
//   Unfounded → every sentence states figures no document has (the no-evidence answer)
import type { ChatRequest, FakeHandler, FakeReply } from './openai.ts';
import { requestText } from './openai.ts';

export const INVENTED_URL = 'https://invented.example.com/never-retrieved';
export const INVENTED_QUOTE = 'We will triple revenue by next year';
/** In a finding cited to document [1], which states no such figure. */
export const INVENTED_FIGURE = '$999 billion';
/** A market figure attributed to the first document, which does not state it. */
export const INVENTED_STATISTIC = '97% of buyers agree';

type Doc = { url: string; title: string; text: string };

export function documentsOf(prompt: string): Doc[] {
  const docs: Doc[] = [];
  for (const block of prompt.split(/\n\n(?=\[\d+\] URL: )/)) {
    const url = /\[\d+\] URL: (\S+)/.exec(block)?.[1];
    if (!url) continue;
    docs.push({ url, title: /\nTitle: (.*)/.exec(block)?.[1] ?? url, text: /\nText: ([\s\S]*)$/.exec(block)?.[1] ?? '' });
  }
  return docs;
}

export const subjectOf = (prompt: string) => /^(?:Company|Industry): (.*)$/m.exec(prompt)?.[1] ?? 'the subject';

export function schemaKeys(request: ChatRequest): string[] {
  const schema = request.response_format?.json_schema?.schema as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.properties ?? {});
}

/** Sentences quoted in the documents: “…,” said Name, Role. */
function quotesIn(docs: Doc[]) {
  const quotes: { text: string; speaker: string; context: string }[] = [];
  for (const doc of docs) {
    for (const m of doc.text.matchAll(/["“]([^"”]{12,300}?)[,.]?["”],? said ([^,.]+(?:, [^,.]+)?)/g)) {
      quotes.push({ text: m[1]!.trim(), speaker: m[2]!.trim(), context: `From ${doc.title}` });
    }
  }
  return quotes;
}

function figuresIn(docs: Doc[]) {
  const figures: { statistic: string; sourceUrl: string }[] = [];
  for (const doc of docs) {
    const m = /[^.]*\b\d+(?:\.\d+)?\s?(?:%|percent|billion|million)[^.]*\./i.exec(`${doc.title}. ${doc.text}`);
    if (m) figures.push({ statistic: m[0].trim(), sourceUrl: doc.url });
  }
  return figures;
}

/** A document's first sentence as it writes it (its title when its text has none), without the end mark. */
function firstSentence(doc: Doc): string {
  const text = doc.text.replace(/\s+/g, ' ').trim();
  const sentence = /^.{20,400}?[.!?](?=\s+["“]?[A-Z]|$)/.exec(text)?.[0] ?? doc.title;
  return sentence.replace(/[.!?]+$/, '');
}

/** The sentence with its document's number, as the citation rule asks: "… [2]." */
const cite = (sentence: string, n: number) => `${sentence} [${n}].`;

function answer(request: ChatRequest): unknown {
  const prompt = requestText(request);
  const docs = documentsOf(prompt);
  const subject = subjectOf(prompt);
  const keys = schemaKeys(request);
  const cited = [...docs.slice(0, 3).map((d) => d.url), INVENTED_URL];
  const sparse = /sparse/i.test(subject);
  const unfounded = /unfounded/i.test(subject);
  // Each sentence is its document's own, cited to it; an unfounded model makes figures up instead.
  const stated = (doc: Doc, n: number) => (unfounded ? `${subject} grew ${n * 111}% in ${2000 + n} [${n}].` : cite(firstSentence(doc), n));
  const findings = [
    ...docs.slice(0, 3).map((d, i) => stated(d, i + 1)),
    ...(docs.length ? [`${subject} will triple its revenue to ${INVENTED_FIGURE} by 2031 [1].`] : []),
    ...(docs.length ? [`${firstSentence(docs[0]!)} [${docs.length + 7}].`] : []),
  ];
  const summary = docs
    .slice(0, 2)
    .map((d, i) => stated(d, i + 1))
    .join(' ');
  if (keys.includes('trendAnalysis')) {
    return {
      keySummary: summary,
      keyFindings: findings,
      trendAnalysis: docs.slice(0, 2).map((d, i) => ({ trend: `Trend ${i + 1}: ${d.title}`, analysis: stated(d, i + 1) })),
      marketData: sparse
        ? []
        : [
            ...(unfounded ? [] : figuresIn(docs).slice(0, 3)),
            { statistic: '97% of buyers agree (invented)', sourceUrl: INVENTED_URL },
            ...(docs[0] ? [{ statistic: INVENTED_STATISTIC, sourceUrl: docs[0].url }] : []),
          ],
      sources: sparse ? [] : cited,
    };
  }
  if (keys.includes('quotes')) {
    return {
      keySummary: summary || 'The release was read in full.',
      keyFindings: findings.length ? findings : ['The release was read in full.'],
      quotes: [...quotesIn(docs).slice(0, 3), { text: INVENTED_QUOTE, speaker: 'Invented Person, CEO', context: 'Not in any document' }],
      sources: cited,
    };
  }
  return { keySummary: summary, keyFindings: findings, sources: cited };
}

/** Builds the handler; `latencyMs` is the fixed "thinking" time of every answer. */
export function researchModel(options: { latencyMs?: number } = {}): FakeHandler {
  const seen = new Map<string, number>();
  return (request): FakeReply => {
    const prompt = requestText(request);
    const subject = subjectOf(prompt);
    const repairing = request.messages.some((m) => m.role === 'assistant');
    const delayMs = options.latencyMs ?? 0;
    const tries = (seen.get(prompt) ?? 0) + 1;
    seen.set(prompt, tries);
    if (/overloaded/i.test(subject)) return { status: 429, headers: { 'retry-after-ms': '50' }, content: 'Rate limit reached' };
    if (/busy/i.test(subject) && tries === 1) return { status: 429, headers: { 'retry-after-ms': '50' }, content: 'Rate limit reached' };
    if (/sluggish/i.test(subject)) return { delayMs: 8_000, json: answer(request) };
    if (/hopeless/i.test(subject)) return { delayMs, json: { keySummary: 42 } };
    if (/garbled/i.test(subject) && !repairing) return { delayMs, content: '{"keySummary": "cut off' };
    return { delayMs, json: answer(request) };
  };
}
