// A fixture "model" for the fake OpenAI server that writes the earnings alert's post-call summary
// from the documents in the prompt, like a well-behaved model would, and always adds one invented
// finding (citing a URL nobody retrieved), one invented quote and one invented source, so tests can
// see that the engine drops them.
import type { FakeHandler } from './openai.ts';
import { requestText } from './openai.ts';
import { documentsOf } from './research-model.ts';

export const INVENTED_FINDING = 'Revenue will triple next year (invented)';
export const INVENTED_QUOTE = 'We expect to double our market share by spring';
export const INVENTED_URL = 'https://invented.example.com/earnings-never-retrieved';

/** Sentences quoted in the documents: “…,” said Name, Role. */
function quotesIn(docs: ReturnType<typeof documentsOf>) {
  return docs.flatMap((doc) =>
    [...doc.text.matchAll(/["“]([^"”]{12,300}?)[,.]?["”],? said ([^,.]+(?:, [^,.]+)?)/g)].map((m) => ({
      text: m[1]!.trim(),
      speaker: m[2]!.trim(),
    })),
  );
}

/** Sentences with a figure in them, each cited to its document. */
function findingsIn(docs: ReturnType<typeof documentsOf>) {
  return docs.flatMap((doc) =>
    (doc.text.match(/[^.]*\b\d+(?:\.\d+)?\s?(?:%|percent|billion|million)[^.]*\./gi) ?? [])
      .slice(0, 3)
      .map((sentence) => ({ text: sentence.trim(), sourceUrl: doc.url })),
  );
}

export function earningsModel(): FakeHandler {
  return (request) => {
    const prompt = requestText(request);
    const docs = documentsOf(prompt);
    const company = /^Company: (.*)$/m.exec(prompt)?.[1] ?? 'The company';
    return {
      json: {
        keySummary: `${company} reported its quarterly results; the summary reads ${docs.length} document(s).`,
        keyFindings: [...findingsIn(docs), { text: INVENTED_FINDING, sourceUrl: INVENTED_URL }],
        quotes: [...quotesIn(docs).slice(0, 2), { text: INVENTED_QUOTE, speaker: 'Invented Person, CEO' }],
        sources: [...docs.map((d) => d.url), INVENTED_URL],
      },
    };
  };
}
