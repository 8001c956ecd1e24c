// A fixture "model" for the fake OpenAI server that answers the four content tasks (statistics,
// hooks, post, rewrite) from the labelled lines of the prompt (src/server/features/content/
// prompts.ts), like a well-behaved model would, told apart by the schema the server asks for.
// Statistics come from the figures in the documents of the prompt, skipping the previous ones it
// is told about, plus one that cites INVENTED_URL every time (the server must drop it).
// Words in the author's inputs select a failure, so parallel tests need no shared state:
//   Who (audience), statistics only:
//     Unverifiable → the first statistics call for that audience cites only invented URLs (422), later calls answer
//     Throttled    → HTTP 429 every time (→ our 429)
//     Broken       → HTTP 400 every time (not retried by the SDK → our 502)
//     Shaky        → HTTP 400 for the first 2 statistics calls for that audience, then answers
//   What (solution), hooks:        Broken  → HTTP 400 every time
//   Why (value proposition), post: Garbled → an answer without ctaOptions, also when repairing (→ 502 ai_invalid_output)
//                                  Broken  → HTTP 400 every time
//   The post to rewrite, modify:   Immutable → HTTP 400 (the post includes the Why, so a Why with the word flows in)
import type { ChatRequest, FakeHandler, FakeReply } from './openai.ts';
import { requestText } from './openai.ts';
import { documentsOf, INVENTED_URL, schemaKeys } from './research-model.ts';

export const INVENTED_STATISTIC = '93% of buyers say this changes everything (invented)';

/** The value on a labelled line of the prompt ('Who: …'), the first one. */
export const labelled = (prompt: string, label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (.*)$`, 'm').exec(prompt)?.[1]?.trim() ?? '';

/** Lower case words, as the server compares statistics. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The previous statistics the prompt lists: '- <statistic>'. */
function previousIn(prompt: string): Set<string> {
  const block = /^Previous statistics \(.*\):\n((?:- .*\n?)*)/m.exec(prompt)?.[1] ?? '';
  return new Set(
    block
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => words(line.slice(2))),
  );
}

/** One statistic per document that states a figure: the sentence with the figure, as written. */
function statsIn(prompt: string) {
  const previous = previousIn(prompt);
  const stats: { statistic: string; sourceUrl: string }[] = [];
  for (const doc of documentsOf(prompt)) {
    const m = /[^.]*\b\d+(?:\.\d+)?\s?(?:%|percent|billion|million)[^.]*\./i.exec(`${doc.title}. ${doc.text}`);
    if (m && !previous.has(words(m[0]))) stats.push({ statistic: m[0].trim(), sourceUrl: doc.url });
  }
  return stats.slice(0, 5);
}

type Inputs = { who: string; what: string; why: string; statistic: string | null; source: string | null };

function inputsOf(prompt: string): Inputs {
  const statistic = labelled(prompt, 'Statistic');
  const source = labelled(prompt, 'Statistic source').replace(/ \(https?:\/\/\S+\)$/, '');
  return {
    who: labelled(prompt, 'Who'),
    what: labelled(prompt, 'What'),
    why: labelled(prompt, 'Why'),
    statistic: statistic && statistic !== 'none' ? statistic : null,
    source: source || null,
  };
}

function hooks({ who, what, why, statistic: fullStatistic, source }: Inputs): string[] {
  const statistic = fullStatistic?.replace(/\.$/, '');
  const lines = [
    `${who}: the problem nobody puts on the agenda is costing you every quarter.`,
    statistic
      ? `${statistic} (${source}). What does that mean for ${who}?`
      : `Ask ${who} what slows them down. The answer is rarely what you expect.`,
    `Most ${who} have accepted a broken process as normal. It does not have to be.`,
    `What if ${who} could get ${why.toLowerCase()} without adding headcount?`,
    statistic
      ? `According to ${source}, ${statistic}. ${who} should pay attention.`
      : `${who} who try ${what} first will set the pace for everyone else.`,
    `I used to think ${who} had this solved. Then I saw how ${what} changes the day.`,
  ];
  return lines.map((line, i) => `${i + 1}. ${line}`);
}

function post(prompt: string) {
  const inputs = inputsOf(prompt);
  const hook = labelled(prompt, 'Hook');
  const paragraphs = [
    hook,
    `For ${inputs.who}, the pressure is real: every week spent on the old way costs time, focus and pipeline.`,
    inputs.statistic
      ? `According to ${inputs.source}: ${inputs.statistic}`
      : 'The teams that move first are already seeing the difference in how they work.',
    `That is why ${inputs.what} matters. The outcome: ${inputs.why}.`,
    'What would change for your team if this were solved this quarter?',
  ];
  return {
    content: paragraphs.join('\n\n'),
    ctaOptions: {
      engagement: `What is the biggest obstacle for ${inputs.who} today? Tell me in the comments.`,
      directResponse: 'Send me a message with the word "plan" and I will share how we approach it.',
      resourceAccess: 'Comment "guide" and I will send you our one-page checklist.',
      meetingBooking: 'Book a 15-minute call this week and we will map your first step together.',
      networkBuilding: 'Connect with me for a practical post like this every week.',
    },
  };
}

const sentences = (paragraph: string) => paragraph.split(/(?<=[.!?])\s+/);

/** A visible, deterministic rewrite per modification; the hook stays the first paragraph. */
function modify(prompt: string) {
  const modification = labelled(prompt, 'Modification');
  const content = /\nPost:\n([\s\S]*)$/.exec(prompt)?.[1]?.trim() ?? '';
  const [hook = '', ...rest] = content.split(/\n\s*\n/).map((p) => p.trim());
  let body = rest;
  if (modification === 'shorter') body = rest.slice(0, -1);
  if (modification === 'longer')
    body = [...rest.slice(0, -1), 'Here is a closer look: small changes in how the week runs add up over a quarter.', ...rest.slice(-1)];
  if (modification === 'simpler') body = rest.map((p) => sentences(p)[0]!);
  if (modification === 'professional') body = [...rest.map((p) => p.replace(/!/g, '.')), 'In summary, the business case is clear.'];
  if (modification === 'casual') body = [...rest.slice(0, 1).map((p) => `Honestly? ${p}`), ...rest.slice(1), "Let's chat about it."];
  return { modifiedContent: [hook, ...body].join('\n\n') };
}

/** Builds the handler; `latencyMs` is the fixed "thinking" time of every answer. */
export function contentModel(options: { latencyMs?: number } = {}): FakeHandler {
  const statsCalls = new Map<string, number>();
  const delayMs = options.latencyMs ?? 0;
  const refused = (status: number): FakeReply =>
    status === 429
      ? { status, headers: { 'retry-after-ms': '50' }, content: 'Rate limit reached' }
      : { status, content: 'The request was refused' };
  return (request: ChatRequest): FakeReply => {
    const prompt = requestText(request);
    const keys = schemaKeys(request);
    const inputs = inputsOf(prompt);
    if (keys.includes('stats')) {
      const calls = (statsCalls.get(inputs.who) ?? 0) + 1;
      statsCalls.set(inputs.who, calls);
      if (/throttled/i.test(inputs.who)) return refused(429);
      if (/broken/i.test(inputs.who)) return refused(400);
      if (/shaky/i.test(inputs.who) && calls <= 2) return refused(400);
      const invented = { statistic: INVENTED_STATISTIC, sourceUrl: INVENTED_URL };
      if (/unverifiable/i.test(inputs.who) && calls === 1) return { delayMs, json: { stats: [invented] } };
      return { delayMs, json: { stats: [...statsIn(prompt), invented] } };
    }
    if (keys.includes('hooks')) {
      if (/broken/i.test(inputs.what)) return refused(400);
      return { delayMs, json: { hooks: hooks(inputs) } };
    }
    if (keys.includes('ctaOptions')) {
      if (/broken/i.test(inputs.why)) return refused(400);
      if (/garbled/i.test(inputs.why)) return { delayMs, json: { content: post(prompt).content } };
      return { delayMs, json: post(prompt) };
    }
    if (keys.includes('modifiedContent')) {
      if (/immutable/i.test(/\nPost:\n([\s\S]*)$/.exec(prompt)?.[1] ?? '')) return refused(400);
      return { delayMs, json: modify(prompt) };
    }
    return { status: 500, content: `content model: no task for schema keys ${keys.join(', ')}` };
  };
}
