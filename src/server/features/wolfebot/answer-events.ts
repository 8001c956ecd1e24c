import type { WolfebotEvent } from '../../../shared/wolfebot.ts';

/** Events of one answer, for the request that asked; the answer goes on whether anyone reads them. */
export class AnswerEvents {
  private readonly items: WolfebotEvent[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  push(event: WolfebotEvent) {
    this.items.push(event);
    this.wake?.();
  }

  close() {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<WolfebotEvent> {
    while (true) {
      const next = this.items.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }
}
