// Streamed answers (research's progress, Wolfebot's replies) come as newline-delimited JSON: one
// reader for both, and the words both say when the server cannot be reached at all.

export const UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Parses newline-delimited JSON from a byte stream, one value per non-blank line, across chunk boundaries. */
export async function* readNdjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = done ? '' : (lines.pop() ?? '');
      for (const line of lines) if (line.trim()) yield JSON.parse(line);
      if (done) return;
    }
  } finally {
    // Stopping early (the page left) cancels the body: the server sees the reader gone and goes on alone.
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
