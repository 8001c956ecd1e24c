// A fixture "model" for Wolfebot's streamed answers (no JSON schema: plain text with [n] markers).
// It answers from the first numbered document of the prompt, citing it, then adds one factual
// sentence without a citation (which the page greys) and a question back (not a statement). A
// question that asks to be answered "slowly" streams over a few seconds, so a journey can leave the
// page mid-answer; every other answer streams in a few quick pieces.
import type { ChatRequest, FakeHandler } from './openai.ts';
import { requestText } from './openai.ts';

export const isWolfebotRequest = (request: ChatRequest) => /^You are Wolfebot\b/.test(requestText(request));

/** The sentence without a citation every answer from a document carries. */
export const WOLFEBOT_UNCITED = 'Its next plant opens in Dayton in 2027.';

export function wolfebotModel(): FakeHandler {
  return (request) => {
    const prompt = requestText(request);
    const question = /^Question: (.*)$/m.exec(prompt)?.[1] ?? '';
    const first = /^\[(\d+)\] (.+)$/m.exec(prompt);
    const content = first
      ? `${first[2]!.replace(/[.!?]+$/, '')} [${first[1]}]. ${WOLFEBOT_UNCITED} Want talking points for the call?`
      : 'I could not find anything about that in the documents.';
    // Slow: 8 pieces 400 ms apart, within the e2e server's 5-second AI timeout.
    return /\bslowly\b/i.test(question) ? { content, chunks: 8, chunkDelayMs: 400 } : { content, chunks: 6, chunkDelayMs: 60 };
  };
}
