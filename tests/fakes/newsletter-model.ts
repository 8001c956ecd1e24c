// A fixture "model" for the fake OpenAI server that answers the newsletter digest task from the
// documents in the prompt, like a well-behaved model would: every numbered section gets a summary
// and all its documents; industry coverage (when the prompt asks for trends) becomes two trends.
// Each sentence that states a fact ends with the number of the document it comes from ("[3]",
// issue 27 §4). It always adds one invented URL, so tests can see that the run drops it. Words in
// the industry select a behaviour, so parallel tests need no shared state:
//   Hopeless → an answer that never fits the schema, even when repairing
//   Garbled  → invalid JSON first, a valid answer to the repair request
//   Inflated → the first section's summary adds a figure no document states (INFLATED_FIGURE), and
//              its second article's "why" names a person none names (INVENTED_NAME): both dropped
//   Baseless → every summary and "why" states only what no document does: nothing to send
import type { ChatRequest, FakeHandler, FakeReply } from './openai.ts';
import { requestText } from './openai.ts';

export const INVENTED_URL = 'https://invented.example.com/newsletter-never-retrieved';
/** What the fake names AI-identified trends: `${TREND_TITLE_PREFIX} 1 in <industry>`. */
export const TREND_TITLE_PREFIX = 'Emerging trend';
/** How each summary names its lead story: `${LEAD} <the document's title>.` */
export const LEAD = 'The lead story:';
/** A figure and a person no fixture article states. */
export const INFLATED_FIGURE = '$97.3 billion';
export const INVENTED_NAME = 'Bartholomew Quince';

type Doc = { url: string; title: string; n: number };
type Block = { kind: 'company' | 'topic' | 'trends'; number: number | null; title: string; docs: Doc[] };

function docsOf(text: string): Doc[] {
  const docs: Doc[] = [];
  for (const part of text.split(/\n\n(?=\[\d+\] URL: )/)) {
    const m = /\[(\d+)\] URL: (\S+)/.exec(part);
    if (m) docs.push({ url: m[2]!, n: Number(m[1]), title: /\nTitle: (.*)/.exec(part)?.[1] ?? m[2]! });
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
const told = (doc: Doc) => `${doc.title.replace(/[.!?]+$/, '')} [${doc.n}].`;
const item = (doc: Doc) => ({ url: doc.url, whyItMatters: `It matters because ${told(doc)}` });
const invented = { url: INVENTED_URL, whyItMatters: 'An article nobody retrieved.' };
const lead = (docs: Doc[]) => (docs[0] ? `${LEAD} ${told(docs[0])}` : 'Nothing stood out.');

function answer(request: ChatRequest) {
  const prompt = requestText(request);
  const blocks = blocksOf(prompt);
  const numbered = blocks.filter((b) => b.number !== null);
  const coverage = blocks.find((b) => b.kind === 'trends');
  const industry = industryOf(prompt);
  const inflated = /inflated/i.test(industry);
  if (/baseless/i.test(industry)) {
    const unfounded = (doc: Doc) => ({ url: doc.url, whyItMatters: `${INVENTED_NAME} expects ${INFLATED_FIGURE} from it [${doc.n}].` });
    return {
      sections: numbered.map((b) => ({
        section: b.number!,
        summary: `${INVENTED_NAME} expects ${INFLATED_FIGURE} [${b.docs[0]?.n ?? 1}].`,
        items: b.docs.map(unfounded),
      })),
      trends: [],
    };
  }
  const sections = numbered.map((b, i) => ({
    section: b.number!,
    summary: `${lead(b.docs)}${inflated && i === 0 ? ` Sales will reach ${INFLATED_FIGURE} [${b.docs[0]?.n ?? 1}].` : ''}`,
    items: [
      ...b.docs.map((doc, j) =>
        inflated && i === 0 && j === 1
          ? { url: doc.url, whyItMatters: `${INVENTED_NAME} called it a turning point [${doc.n}].` }
          : item(doc),
      ),
      ...(i === 0 ? [invented] : []),
    ],
  }));
  const halves = coverage ? [coverage.docs.filter((_, i) => i % 2 === 0), coverage.docs.filter((_, i) => i % 2 === 1)] : [];
  const trends = halves
    .filter((docs) => docs.length > 0)
    .map((docs, i) => ({
      title: `${TREND_TITLE_PREFIX} ${i + 1} in ${industryOf(prompt)}`,
      summary: lead(docs),
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
