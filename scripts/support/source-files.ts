import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The files under `dir` (recursively) whose path matches `pattern`, as paths like `src/server/main.ts`. */
export function sourceFiles(dir: string, pattern = /\.(ts|tsx)$/): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(dir, entry))
    .filter((file) => pattern.test(file));
}
