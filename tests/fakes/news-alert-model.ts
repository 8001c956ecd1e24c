// A fixture "model" for news alerts: it reads the numbered articles in the prompt and reports news
// about the first three (and one invented URL the engine must drop). Words in the company name
// choose a behaviour, so parallel tests share no state:
//   Quiet      → hasNews false
//   Overloaded → 429 every time (the engine retries, then records the slot as failed)
//   Hopeless   → an answer that never fits the schema
//   Sluggish   → answers after 8 s
//   Phishy     → a headline and analysis that send the reader to an address nobody retrieved
import type { FakeHandler, FakeReply } from './openai.ts';
import { requestText } from './openai.ts';
import { documentsOf, INVENTED_URL, subjectOf } from './research-model.ts';

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
    return {
      delayMs,
      json: {
        hasNews: true,
        headline: `${picked[0]!.title}${lure}`,
        analysis: `${company} was in the news ${picked.length} times; the lead story is "${picked[0]!.title}".${lure}`,
        items: [...picked.map((d) => ({ url: d.url, why: `Reported: ${d.title}` })), { url: INVENTED_URL, why: 'An invented story.' }],
      },
    };
  };
}
