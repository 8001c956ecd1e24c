// The server's log lines as the operator's collector would read them: LOG_FORMAT=json, every line
// written to stdout or stderr while capturing, parsed (log.ts writes through process.stdout/stderr).
import { vi } from 'vitest';
import { setLogFormat } from '../../src/server/lib/log.ts';

export type LogLine = { level: string; msg: string; [field: string]: unknown };

export function captureLog() {
  setLogFormat('json');
  const text: string[] = [];
  const keep = (chunk: unknown) => text.push(String(chunk)) > 0;
  const spies = [vi.spyOn(process.stdout, 'write').mockImplementation(keep), vi.spyOn(process.stderr, 'write').mockImplementation(keep)];
  return {
    /** Everything written, as it was written. */
    text: () => text.join(''),
    /** Every line, parsed: a line that is not JSON fails the test. */
    lines: (): LogLine[] =>
      text
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    restore() {
      for (const spy of spies) spy.mockRestore();
      setLogFormat('pretty');
    },
  };
}
