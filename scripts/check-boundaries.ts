// A feature never imports another feature (DESIGN §4), on either side; shared code never imports
// the server or the web. Fails with the offending imports listed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems: string[] = [];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(entry) ? [full] : [];
  });
}

const featureOf = (file: string) =>
  file
    .match(/^src\/(server|web)\/features\/([^/]+)\//)
    ?.slice(1, 3)
    .join('/');

for (const file of files('src')) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2]!;
    if (!spec.startsWith('.')) continue;
    const target = path.normalize(path.join(path.dirname(file), spec));
    const from = featureOf(file);
    const to = featureOf(`${target}/`) ?? featureOf(target);
    if (from && to && from !== to) problems.push(`${file} imports another feature: ${spec}`);
    if (file.startsWith('src/shared/') && !target.startsWith('src/shared')) problems.push(`${file}: shared code imports ${spec}`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('feature boundaries: ok');
