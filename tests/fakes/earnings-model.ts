// A fixture "model" for the fake OpenAI server that writes the earnings alert's post-call summary
// from the documents in the prompt, like a well-behaved model would, each sentence that states a
// fact ending with the number of its document ("[1]", issue 27 §4), and always adds one invented
// finding (citing a URL nobody retrieved), one invented quote and one invented source, so tests can
// see that the engine drops them. Words in the company name choose a behaviour:
//   Inflated → a finding with a figure its document does not state (INFLATED_FINDING) and a summary
//              sentence naming a person none names (INVENTED_NAME), both cited to a real document
//   Baseless → every finding and summary sentence states only what no document does
import type { FakeHandler } from './openai.ts';
import { requestText } from './openai.ts';
import { documentsOf } from './research-model.ts';

export const INVENTED_FINDING = 'Revenue will triple next year (invented)';
export const INVENTED_QUOTE = 'We expect to double our market share by spring';
export const INVENTED_URL = 'https://invented.example.com/earnings-never-retrieved';
/** A finding with a figure no fixture document states. */
export const INFLATED_FINDING = 'Services revenue reached $97.3 billion';
/** A person no fixture document names. */
export const INVENTED_NAME = 'Bartholomew Quince';
/** The advice the summary ends with: no fact, no source needed. */
export const ADVICE = 'Ask how the results change their plans.';

/** Sentences quoted in the documents: “…,” said Name, Role. */
function quotesIn(docs: ReturnType<typeof documentsOf>) {
  return docs.flatMap((doc) =>
    [...doc.text.matchAll(/["“]([^"”]{12,300}?)[,.]?["”],? said ([^,.]+(?:, [^,.]+)?)/g)].map((m) => ({
      text: m[1]!.trim(),
      speaker: m[2]!.trim(),
    })),
  );
}

/** Sentences with a figure in them, each cited to its document by URL and by number. */
function findingsIn(docs: ReturnType<typeof documentsOf>) {
  return docs.flatMap((doc, i) =>
    doc.text
      // Sentences and lines ("$1.57" is no sentence end).
      .split(/(?<=[.!?”])\s+(?=[“"A-Z])|\n+/)
      .filter((sentence) => /\b\d+(?:\.\d+)?\s?(?:%|percent|billion|million)/i.test(sentence))
      .slice(0, 3)
      .map((sentence) => ({ text: `${sentence.trim().replace(/\.$/, '')} [${i + 1}].`, sourceUrl: doc.url })),
  );
}

export function earningsModel(): FakeHandler {
  return (request) => {
    const prompt = requestText(request);
    const docs = documentsOf(prompt);
    const company = /^Company: (.*)$/m.exec(prompt)?.[1] ?? 'The company';
    const findings = findingsIn(docs);
    const first = docs[0]?.url ?? INVENTED_URL;
    if (/baseless/i.test(company)) {
      return {
        json: {
          keySummary: `${INVENTED_NAME} expects revenue to triple [1]. ${ADVICE}`,
          keyFindings: [{ text: `${INFLATED_FINDING} [1].`, sourceUrl: first }],
          quotes: [],
          sources: docs.map((d) => d.url),
        },
      };
    }
    const inflated = /inflated/i.test(company);
    return {
      json: {
        keySummary: `${findings[0]?.text ?? ''}${inflated ? ` ${INVENTED_NAME} called it a record [1].` : ''} ${ADVICE}`.trim(),
        keyFindings: [
          ...findings,
          ...(inflated ? [{ text: `${INFLATED_FINDING} [1].`, sourceUrl: first }] : []),
          { text: INVENTED_FINDING, sourceUrl: INVENTED_URL },
        ],
        quotes: [...quotesIn(docs).slice(0, 2), { text: INVENTED_QUOTE, speaker: 'Invented Person, CEO' }],
        sources: [...docs.map((d) => d.url), INVENTED_URL],
      },
    };
  };
}
