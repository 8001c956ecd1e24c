// A fixture "model" for the fake OpenAI server that answers the newsletter digest task from the
// documents in the prompt, like a well-behaved model would: every numbered section gets a summary
// and all its documents; industry coverage (when the prompt asks for trends) becomes two trends.
// It always adds one invented URL, so tests can see that the run drops it. Words in the industry
// select a failure, so parallel tests need no shared state:
//   Hopeless → an answer that never fits the schema, even when repairing
//   Garbled  → invalid JSON first, a valid answer to the repair request
import type { ChatRequest, FakeHandler, FakeReply } from './openai.ts';
import { requestText } from './openai.ts';

export const INVENTED_URL = 'https://invented.example.com/newsletter-never-retrieved';
/** What the fake names AI-identified trends: `${TREND_TITLE_PREFIX} 1 in <industry>`. */
export const TREND_TITLE_PREFIX = 'Emerging trend';

type Doc = { url: string; title: string };
type Block = { kind: 'company' | 'topic' | 'trends'; number: number | null; title: string; docs: Doc[] };

function docsOf(text: string): Doc[] {
  const docs: Doc[] = [];
  for (const part of text.split(/\n\n(?=\[\d+\] URL: )/)) {
    const url = /\[\d+\] URL: (\S+)/.exec(part)?.[1];
    if (url) docs.push({ url, title: /\nTitle: (.*)/.exec(part)?.[1] ?? url });
  }
  return docs;
}

/** The prompt's sections: "Section 3 (company): Apple (keywords: …)" and "Industry coverage (identify trends from these): …". */
export function blocksOf(prompt: string): Block[] {
  const heading = /^(?:Section (\d+) \((company|topic)\): (.*)|Industry coverage \(identify trends from these\): (.*))$/gm;
  const marks = [...prompt.matchAll(heading)];
  return marks.map((m, i) => {
    const body = prompt.slice(m.index + m[0].length, marks[i + 1]?.index ?? prompt.length);
    const trends = m[4] !== undefined;
    return {
      kind: trends ? 'trends' : (m[2] as 'company' | 'topic'),
      number: trends ? null : Number(m[1]),
      title: trends ? m[4]! : m[3]!,
      docs: docsOf(body),
    };
  });
}

const industryOf = (prompt: string) => /^Industry: (.*)$/m.exec(prompt)?.[1] ?? 'the industry';
const item = (doc: Doc) => ({ url: doc.url, whyItMatters: `It matters because ${doc.title}.` });
const invented = { url: INVENTED_URL, whyItMatters: 'An article nobody retrieved.' };

function answer(request: ChatRequest) {
  const prompt = requestText(request);
  const blocks = blocksOf(prompt);
  const numbered = blocks.filter((b) => b.number !== null);
  const coverage = blocks.find((b) => b.kind === 'trends');
  const sections = numbered.map((b, i) => ({
    section: b.number!,
    summary: `${b.title}: ${b.docs.length} new articles, led by "${b.docs[0]?.title ?? 'none'}".`,
    items: [...b.docs.map(item), ...(i === 0 ? [invented] : [])],
  }));
  const halves = coverage ? [coverage.docs.filter((_, i) => i % 2 === 0), coverage.docs.filter((_, i) => i % 2 === 1)] : [];
  const trends = halves
    .filter((docs) => docs.length > 0)
    .map((docs, i) => ({
      title: `${TREND_TITLE_PREFIX} ${i + 1} in ${industryOf(prompt)}`,
      summary: `Coverage such as "${docs[0]!.title}" points this way.`,
      items: [...docs.map(item), ...(i === 0 ? [invented] : [])],
    }));
  return { sections, trends };
}

export function newsletterModel(): FakeHandler {
  return (request): FakeReply => {
    const industry = industryOf(requestText(request));
    const repairing = request.messages.some((m) => m.role === 'assistant');
    if (/hopeless/i.test(industry)) return { json: { sections: 'none today' } };
    if (/garbled/i.test(industry) && !repairing) return { content: '{"sections": [{"section": 1, "summ' };
    return { json: answer(request) };
  };
}
