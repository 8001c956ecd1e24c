// The code-shape numbers that issue 15 tracks, so a later change can be compared with them:
// error sites and codes, the largest functions, raw alert INSERTs in tests. `node scripts/measure-code.ts`.
import { readFileSync } from 'node:fs';
// TypeScript 7 has no JS API; Vite's own bundler (rolldown, oxc inside) parses TS and TSX.
import { parseSync } from 'rolldown/utils';
import { sourceFiles } from './support/source-files.ts';

const source = sourceFiles('src').filter((file) => !/\.test\.tsx?$/.test(file));
const text = new Map(source.map((file) => [file, readFileSync(file, 'utf8')]));

const errorSites = [...text.values()].flatMap((code) =>
  [...code.matchAll(/new AppError\(\s*(?:\d+\s*,\s*)?['"]?([\w.]+)/g)].map((m) => m[1]!),
);
const statusAtSite = [...text.values()].reduce((n, code) => n + (code.match(/new AppError\(\s*\d+/g)?.length ?? 0), 0);
console.log(`error sites (new AppError): ${errorSites.length}, of which give an HTTP status: ${statusAtSite}`);
console.log(`distinct codes at error sites: ${new Set(errorSites.filter((c) => /^[a-z_]+$/.test(c))).size}`);

const functions: { lines: number; where: string }[] = [];
const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
for (const [file, code] of text) {
  const lineAt = (offset: number) => code.slice(0, offset).split('\n').length;
  const walk = (node: unknown, name: string): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, name);
      return;
    }
    const n = node as { type?: string; start: number; end: number; id?: { name?: string }; key?: { name?: string } };
    const own = n.id?.name ?? n.key?.name ?? name;
    if (n.type && FUNCTION.has(n.type))
      functions.push({ lines: lineAt(n.end) - lineAt(n.start) + 1, where: `${file}:${lineAt(n.start)} ${own}` });
    for (const [key, child] of Object.entries(n)) if (key !== 'parent' && typeof child === 'object') walk(child, own);
  };
  walk(parseSync(file, code).program, '(inline)');
}
functions.sort((a, b) => b.lines - a.lines);
console.log('largest functions (lines):');
for (const f of functions.slice(0, 5)) console.log(`  ${f.lines}  ${f.where}`);

const testFiles = [...sourceFiles('tests', /\.(test|spec)\.ts$/), ...sourceFiles('scripts')];
const inserts = testFiles
  .map((file) => ({
    file,
    n: readFileSync(file, 'utf8').match(/INSERT INTO (sonar_alerts|newsletter_alerts|earnings_tracking)\b/g)?.length ?? 0,
  }))
  .filter((f) => f.n);
console.log(`raw INSERTs into alert tables in tests and scripts: ${inserts.reduce((n, f) => n + f.n, 0)} in ${inserts.length} files`);
