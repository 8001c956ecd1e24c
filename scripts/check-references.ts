// Every `spec 0N §X` and `DESIGN §X` cited in the code names a section that exists in the copies
// under docs/ (docs/spec/README.md), so a reader can follow it inside the repository.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './support/source-files.ts';

/** The numbered `## N.` sections of a Markdown document. */
function sections(file: string): Set<string> {
  return new Set([...readFileSync(file, 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]!));
}

const specFile = (n: string) => readdirSync('docs/spec').find((f) => f.startsWith(`${n}-`));
const documents = new Map<string, Set<string>>([['DESIGN', sections('docs/design.md')]]);
for (const n of ['01', '02']) documents.set(`spec ${n}`, sections(path.join('docs/spec', specFile(n)!)));

const CITATION = /\b([Ss]pec 0\d|DESIGN) ?§ ?(\d+)/g;
const problems: string[] = [];
const citing = ['src', 'tests', 'scripts', 'docs/decisions']
  .flatMap((dir) => sourceFiles(dir, /\.(ts|tsx|md|sql)$/))
  .filter((file) => !file.includes('/fixtures/'));
for (const file of [...citing, 'docs/architecture.md', 'README.md']) {
  for (const [line, text] of readFileSync(file, 'utf8').split('\n').entries()) {
    for (const [, document, section] of text.matchAll(CITATION)) {
      const known = documents.get(document!.replace('Spec', 'spec'));
      if (!known) problems.push(`${file}:${line + 1}: ${document} is not a document under docs/`);
      else if (!known.has(section!)) problems.push(`${file}:${line + 1}: ${document} has no §${section}`);
    }
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('spec and design references: ok');
