// A fixture "model" for the Account Intelligence Report's four AI steps (events, buying centers,
// prospects, outreach), told apart by the key of the schema the server asks for. It answers from
// what the prompt carries, like a well-behaved model, and always adds one thing a real model might
// invent (an event from a URL never retrieved, a person no source names, a message for someone who
// is not a prospect) and scores some people under the cut-off so tests see the server drop them.
// Each sentence that states a fact ends with the number of its document ("[2]", issue 27 §4). Words
// in the company name choose a behaviour:
//   Hopeless → answers that never fit the schema (the report fails at its first AI step)
//   Inflated → the first event's summary adds a figure no article states (INFLATED_FIGURE), and a
//              second event says only that: the sentence and that event are dropped, and counted
import type { ChatRequest, FakeHandler, FakeReply } from './openai.ts';
import { requestText } from './openai.ts';
import { documentsOf, INVENTED_URL, schemaKeys } from './research-model.ts';

export const INVENTED_PERSON = 'Imogen Fabricated';
export const GHOST_PROSPECT = 'Gus Ghost';
/** A figure no fixture article states. */
export const INFLATED_FIGURE = '$97.3 billion';

const companyOf = (prompt: string) => /^Company: (.*)$/m.exec(prompt)?.[1] ?? 'the company';

function eventType(text: string) {
  if (/acqui|merger/i.test(text)) return 'merger_acquisition';
  if (/appoint|names .* (chief|officer)|hires/i.test(text)) return 'leadership_change';
  if (/launch|unveil|introduc/i.test(text)) return 'product_launch';
  if (/raise|funding|series [a-f]/i.test(text)) return 'funding';
  if (/layoff|cuts? jobs/i.test(text)) return 'layoffs';
  if (/earnings|quarter|revenue/i.test(text)) return 'earnings';
  if (/expan|opens? /i.test(text)) return 'expansion';
  return 'other';
}

function answer(request: ChatRequest): unknown {
  const prompt = requestText(request);
  const docs = documentsOf(prompt);
  const company = companyOf(prompt);
  const keys = schemaKeys(request);
  const first = docs[0]?.url ?? INVENTED_URL;
  // The documents are numbered in the prompt's order.
  const told = (i: number) => `${docs[i]!.title.replace(/[.!?]+$/, '')} [${i + 1}].`;
  const inflated = /inflated/i.test(company);
  if (keys.includes('events')) {
    return {
      events: [
        ...docs.slice(0, 5).map((d, i) => ({
          type: eventType(`${d.title} ${d.text}`),
          date: null,
          headline: d.title,
          summary: `${told(i)}${inflated && i === 0 ? ` Orders reached ${INFLATED_FIGURE} [1].` : ''} This gives a seller a reason to call now.`,
          sourceUrl: d.url,
        })),
        ...(inflated && docs[1]
          ? [{ type: 'other', date: null, headline: 'Orders', summary: `Orders reached ${INFLATED_FIGURE} [2].`, sourceUrl: docs[1].url }]
          : []),
        {
          type: 'funding',
          date: '2026-01-01',
          headline: `${company} raises $1B (invented)`,
          summary: 'Not in any document.',
          sourceUrl: INVENTED_URL,
        },
      ],
    };
  }
  if (keys.includes('buyingCenters')) {
    return {
      buyingCenters: [
        {
          name: 'Supply Chain Operations',
          roles: ['Chief Operating Officer', 'VP Supply Chain'],
          priorities: [
            { text: `Keep ${company}'s fulfilment network running as it grows [1].`, sourceUrl: first },
            { text: 'A priority from a page never read (invented).', sourceUrl: INVENTED_URL },
          ],
        },
        {
          name: 'Finance',
          roles: ['Chief Financial Officer'],
          // Cited to the first document, which names the company (the second may not).
          priorities: [{ text: `${company}'s automation spending must show a return [1].`, sourceUrl: first }],
        },
      ],
    };
  }
  if (keys.includes('prospects')) {
    const candidates = [...prompt.matchAll(/^\d+\. (.+?) — (.+?) \(source: (\S+)\)$/gm)].map((m) => ({
      name: m[1]!,
      title: m[2]!,
      sourceUrl: m[3]!,
    }));
    return {
      prospects: [
        // Leaders score high; a general counsel or a people leader falls under the cut-off (0.80).
        ...candidates.slice(0, 20).map((c, i) => ({
          name: c.name,
          title: c.title,
          buyingCenter: i % 2 === 0 ? 'Supply Chain Operations' : 'Finance',
          why: `${c.title} owns the outcomes the solution improves.`,
          score: /counsel|people/i.test(c.title) ? 0.55 : 0.95 - i * 0.01,
          sourceUrl: c.sourceUrl,
        })),
        {
          name: INVENTED_PERSON,
          title: 'Chief Imagination Officer',
          buyingCenter: 'Finance',
          why: 'Invented.',
          score: 0.99,
          sourceUrl: first,
        },
      ],
    };
  }
  if (keys.includes('outreach')) {
    const prospects = [...prompt.matchAll(/^- (.+?), (.+?) \((.+?)\)$/gm)].map((m) => ({ name: m[1]!, center: m[3]! }));
    return {
      outreach: [
        ...prospects.map((p) => ({
          prospectName: p.name,
          buyingCenter: p.center,
          angle: `Tie ${company}'s latest move to ${p.center} goals.`,
          trigger: { text: docs[0]?.title ?? 'A recent event', sourceUrl: first },
          message: `Hi ${p.name.split(' ')[0]}, I saw the news about ${company} and thought of how we help ${p.center} teams. Worth a short call next week?`,
        })),
        {
          prospectName: null,
          buyingCenter: 'Finance',
          angle: 'Cost of manual work.',
          trigger: { text: docs[1]?.title ?? 'A recent event', sourceUrl: docs[1]?.url ?? first },
          message: `Finance teams at companies like ${company} cut manual work with us.`,
        },
        {
          prospectName: GHOST_PROSPECT,
          buyingCenter: 'Finance',
          angle: 'x',
          trigger: { text: 'y', sourceUrl: first },
          message: 'Not a prospect.',
        },
      ],
    };
  }
  return null;
}

/** Whether a request is one of the report's (the product model routes those here). */
export const isAirRequest = (request: ChatRequest) =>
  ['events', 'buyingCenters', 'prospects', 'outreach'].some((k) => schemaKeys(request).includes(k));

export function airModel(options: { latencyMs?: number } = {}): FakeHandler {
  return (request): FakeReply => {
    const prompt = requestText(request);
    const delayMs = options.latencyMs ?? 0;
    if (/hopeless/i.test(companyOf(prompt))) return { delayMs, json: { nothing: 42 } };
    return { delayMs, json: answer(request) };
  };
}
