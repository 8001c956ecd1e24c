import { describe, expect, it } from 'vitest';
import { readNdjson } from './ndjson.ts';
import { bodyInPieces } from './test-streams.ts';

const encoder = new TextEncoder();

async function all(source: AsyncGenerator<unknown>) {
  const values: unknown[] = [];
  for await (const value of source) values.push(value);
  return values;
}

describe('readNdjson', () => {
  it('reads one value per line across piece boundaries, skipping blank lines, the last line without its newline', async () => {
    const { stream } = bodyInPieces(['{"a":', '1}\n\n{"b"', ':2}\n', '{"c":3}']);
    expect(await all(readNdjson(stream))).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it('joins a character split between two pieces', async () => {
    const bytes = encoder.encode('{"t":"Initech’s"}\n');
    const cut = bytes.indexOf(0xe2) + 1; // inside the three bytes of ’
    const { stream } = bodyInPieces([bytes.slice(0, cut), bytes.slice(cut)]);
    expect(await all(readNdjson(stream))).toEqual([{ t: 'Initech’s' }]);
  });

  it('yields each value as soon as its line is complete, before the rest has arrived', async () => {
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = controller;
      },
    });
    push.enqueue(encoder.encode('{"n":1}\n{"n":'));
    const reader = readNdjson(stream);
    // The second line has not arrived yet; the first is there already.
    expect((await reader.next()).value).toEqual({ n: 1 });
    push.enqueue(encoder.encode('2}\n'));
    push.close();
    expect((await reader.next()).value).toEqual({ n: 2 });
    expect((await reader.next()).done).toBe(true);
  });

  it('cancels the body when the reader stops early', async () => {
    const source = bodyInPieces(['{"n":1}\n', '{"n":2}\n', '{"n":3}\n']);
    for await (const _ of readNdjson(source.stream)) break;
    expect(source.cancelled()).toBe(true);
  });
});
