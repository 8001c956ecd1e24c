// Reads a Server-Sent Events response (from app.request or fetch) event by event, so tests can wait
// for the event they expect and see every event that arrived.
export type SseEvent = { event: string; data: string; receivedAt: number };

export class SseReader {
  readonly events: SseEvent[] = [];
  private waiters: (() => void)[] = [];
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  ended = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
    void this.pump();
  }

  private async pump() {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
          const data = lines
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (!block.startsWith(':')) this.events.push({ event, data, receivedAt: performance.now() });
          end = buffer.indexOf('\n\n');
        }
        this.wake();
      }
    } catch {
      // cancelled by close()
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** The first event (from index `from`) matching `match`; fails after `timeoutMs`. */
  async waitFor(match: (e: SseEvent) => boolean, timeoutMs = 5000, from = 0): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended without the expected event; got ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no expected event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }

  /** Events named `change`, parsed. */
  changes() {
    return this.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as { table: string; op: string });
  }

  async close() {
    await this.reader.cancel().catch(() => {});
  }
}
