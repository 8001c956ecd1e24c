// A fixture "model" for trigger events' "why it matters" line: it reads Document [1] in the prompt
// and answers one sentence made of the document's first sentence, cited "[1]", as a well-behaved
// model would. A company name with "Baseless" in it makes it state a figure the document does not
// (BASELESS_FIGURE), which the server's check must drop.
import type { FakeHandler, FakeReply } from './openai.ts';
import { requestText } from './openai.ts';

export const BASELESS_FIGURE = '4,000 jobs';

export function triggerModel(): FakeHandler {
  return (request): FakeReply => {
    const prompt = requestText(request);
    const event = prompt.match(/The event: (.+)/)?.[1] ?? '';
    const document = prompt.split(/Document \[1\][^\n]*\n/)[1] ?? '';
    const first =
      document
        .trim()
        .split(/(?<=\.)\s+/)[0]
        ?.replace(/\.$/, '') ?? '';
    if (/Baseless/.test(event)) {
      return { json: { sentence: `${event.split(':')[0]} will cut ${BASELESS_FIGURE} next quarter [1].` } };
    }
    return { json: { sentence: `${first} [1].` } };
  };
}
