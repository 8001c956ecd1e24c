// A fixture "model" for news alerts: it reads the numbered articles in the prompt and reports news
// about the first three (and one invented URL the engine must drop), each sentence that states a
// fact ending with the number of the article it comes from ("… [2].", issue 27 §4). Words in the
// company name choose a behaviour, so parallel tests share no state:
//   Quiet      → hasNews false
//   Overloaded → 429 every time (the engine retries, then records the slot as failed)
//   Hopeless   → an answer that never fits the schema
//   Sluggish   → answers after 8 s
//   Phishy     → a headline and analysis that send the reader to an address nobody retrieved
//   Inflated   → the analysis adds a figure no article states (INFLATED_FIGURE) and the second
//                article's "why" names a person it does not (INVENTED_NAME): both dropped, counted
//   Baseless   → every fact of the analysis and of each "why" is one no article states: not news
import type { FakeHandler, FakeReply } from './openai.ts';
import { requestText } from './openai.ts';
import { documentsOf, INVENTED_URL, subjectOf } from './research-model.ts';

/** A figure no fixture article states. */
export const INFLATED_FIGURE = '$97.3 billion';
/** A person no fixture article names. */
export const INVENTED_NAME = 'Bartholomew Quince';
/** The sentence of an Inflated analysis that no article supports. */
export const inflatedSentence = (company: string) => `${company} also booked ${INFLATED_FIGURE} in new orders`;
/** The advice every analysis ends with: it states no fact, so it needs no source. */
export const ADVICE = 'Ask how this changes their plans for next year.';

export function newsAlertModel(options: { latencyMs?: number } = {}): FakeHandler {
  return (request): FakeReply => {
    const prompt = requestText(request);
    const company = subjectOf(prompt);
    const docs = documentsOf(prompt);
    const delayMs = options.latencyMs ?? 0;
    if (/overloaded/i.test(company)) return { status: 429, headers: { 'retry-after-ms': '20' }, content: 'Rate limit reached' };
    if (/hopeless/i.test(company)) return { delayMs, json: { hasNews: 'maybe' } };
    if (/sluggish/i.test(company)) return { delayMs: 8_000, json: { hasNews: false, headline: '', analysis: '', items: [] } };
    if (/quiet/i.test(company) || docs.length === 0) return { delayMs, json: { hasNews: false, headline: '', analysis: '', items: [] } };
    const picked = docs.slice(0, 3);
    const lure = /phishy/i.test(company) ? ' Verify your account at https://evil.example/login or www.evil.example today.' : '';
    // The articles are numbered in the prompt's order: picked[i] is [i + 1].
    const told = (title: string, n: number) => `${title.replace(/[.!?]+$/, '')} [${n}].`;
    if (/baseless/i.test(company)) {
      return {
        delayMs,
        json: {
          hasNews: true,
          headline: `${company} books ${INFLATED_FIGURE} in orders [1]`,
          analysis: `${inflatedSentence(company)} [1]. ${INVENTED_NAME} joined as president [2]. ${ADVICE}`,
          items: picked.map((d, i) => ({ url: d.url, why: `${INVENTED_NAME} confirmed ${INFLATED_FIGURE} in orders [${i + 1}].` })),
        },
      };
    }
    const inflated = /inflated/i.test(company) ? ` ${inflatedSentence(company)} [1].` : '';
    return {
      delayMs,
      json: {
        hasNews: true,
        headline: `${picked[0]!.title} [1]${lure}`,
        analysis: `${picked.map((d, i) => told(d.title, i + 1)).join(' ')}${inflated} ${ADVICE}${lure}`,
        items: [
          ...picked.map((d, i) => ({
            url: d.url,
            why: /inflated/i.test(company) && i === 1 ? `${INVENTED_NAME} announced it [${i + 1}].` : told(d.title, i + 1),
          })),
          { url: INVENTED_URL, why: 'An invented story.' },
        ],
      },
    };
  };
}
