// Response bodies for the tests of code that reads a stream (lib/ndjson.ts and its callers).

const encoder = new TextEncoder();

/** A body that hands out these byte pieces one read at a time, as a network would; it tells whether its reader cancelled it. */
export function bodyInPieces(pieces: (string | Uint8Array)[]) {
  let pulls = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[pulls++];
      if (piece === undefined) controller.close();
      else controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}
