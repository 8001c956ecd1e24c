// What may import what (DESIGN §4), checked on every `npm run lint`:
// - a feature never imports another feature, on either side;
// - shared code imports only shared code, and neither side imports the other;
// - the server's layers import only downwards (LAYERS below): a source, the AI runner or the mail
//   never reaches up into jobs, features or the HTTP edge. Route files (`routes.ts`) are the HTTP
//   edge and may use its kit (http/); main.ts, bootstrap.ts, cli/ and http/app.ts assemble the
//   whole server and may import anything;
// - on the web, lib/ and components/ serve the features and the app shell and never import them;
// - sources/ has rooms (issue 26): the kit (web/: http, text, robots, names) imports nothing else
//   of sources/; each family (news/, sec/, company/, social/) imports the kit and itself, never
//   another family; sources/index.ts assembles them.
// - jobs/ has rooms too (issue 26): the run engine (runs/) imports no kind; each kind of run
//   (news-alert/, newsletter/, earnings/, air-report/, triggers/) imports the engine and the alert kinds' shared
//   articles/, never another kind; jobs/index.ts assembles them.
// Fails with the offending imports listed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './support/source-files.ts';

// `import x from '…'`, `export … from '…'`, `import('…')` and the side-effect `import '…'`.
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** Each server layer and the layers it may import (besides itself and shared/). */
const LAYERS: Record<string, string[]> = {
  lib: [],
  config: ['lib'],
  db: ['lib', 'config'],
  sources: ['lib', 'config', 'db'],
  ai: ['lib', 'config', 'db', 'sources'],
  mail: ['lib', 'config', 'db', 'sources'],
  library: ['lib', 'config', 'db', 'sources'],
  channels: ['lib', 'config', 'db', 'sources', 'mail', 'library'],
  auth: ['lib', 'config', 'db', 'mail'],
  jobs: ['lib', 'config', 'db', 'sources', 'ai', 'mail', 'library', 'channels'],
  http: ['lib', 'config', 'db', 'auth'],
  realtime: ['lib', 'config', 'db', 'auth', 'http'],
  features: ['lib', 'config', 'db', 'sources', 'ai', 'mail', 'library', 'channels', 'auth', 'jobs', 'http'],
};
const COMPOSITION_ROOTS = [/^src\/server\/(main|bootstrap)\.ts$/, /^src\/server\/cli\//, /^src\/server\/http\/app\.ts$/];

const featureOf = (file: string) =>
  file
    .match(/^src\/(server|web)\/features\/([^/]+)\//)
    ?.slice(1, 3)
    .join('/');

/** `db` for src/server/db/client.ts, `config` for src/server/config.ts; null outside the server. */
const serverLayerOf = (file: string) => file.match(/^src\/server\/([^/.]+)/)?.[1] ?? null;

function serverProblem(file: string, target: string): string | null {
  const from = serverLayerOf(file);
  const to = serverLayerOf(target);
  if (!from || !to || from === to || COMPOSITION_ROOTS.some((root) => root.test(file))) return null;
  if (to === 'http' && path.basename(file) === 'routes.ts' && target !== 'src/server/http/app.ts') return null;
  const allowed = LAYERS[from];
  if (!allowed) return `${file}: src/server/${from} is not a known layer (add it to LAYERS in scripts/check-boundaries.ts)`;
  return allowed.includes(to) ? null : `${file} (${from}) imports the ${to} layer`;
}

const SOURCES = 'src/server/sources/';
const SOURCE_KIT = 'web';
const SOURCE_FAMILIES = ['news', 'sec', 'company', 'social'];

/** The room of a file under `folder` (sources/web, jobs/runs…), the file's name for a loose file (`index`), null elsewhere. */
function roomOf(folder: string, file: string): string | null {
  if (!file.startsWith(folder)) return null;
  const rest = file.slice(folder.length);
  return rest.includes('/') ? rest.split('/')[0]! : path.basename(rest, '.ts');
}
const sourceRoomOf = (file: string) => roomOf(SOURCES, file);

function sourcesProblem(file: string, target: string): string | null {
  const from = sourceRoomOf(file);
  const to = sourceRoomOf(target);
  if (!from || from === 'index' || !to || from === to) return null;
  if (from === SOURCE_KIT) return `${file}: the sources kit imports another room`;
  return to === SOURCE_KIT ? null : `${file}: the ${from} sources import the ${to} room`;
}

const JOBS = 'src/server/jobs/';
/** Each room of jobs/ and the rooms it may import besides itself; index.ts assembles them all. */
const JOB_ROOMS: Record<string, string[]> = {
  runs: [],
  articles: ['runs'],
  'news-alert': ['runs', 'articles'],
  newsletter: ['runs', 'articles'],
  earnings: ['runs'],
  'air-report': ['runs'],
  triggers: ['runs'],
  housekeeping: [],
};

const jobRoomOf = (file: string) => roomOf(JOBS, file);

function jobsProblem(file: string, target: string): string | null {
  const from = jobRoomOf(file);
  const to = jobRoomOf(target);
  if (!from || from === 'index' || !to || from === to) return null;
  const allowed = JOB_ROOMS[from];
  if (!allowed) return `${file}: jobs/${from} is not a known room (add it to JOB_ROOMS in scripts/check-boundaries.ts)`;
  return allowed.includes(to) ? null : `${file}: jobs/${from} imports jobs/${to}`;
}

const problems: string[] = [];
for (const file of sourceFiles('src')) {
  const room = sourceRoomOf(file);
  if (room && room !== 'index' && room !== SOURCE_KIT && !SOURCE_FAMILIES.includes(room))
    problems.push(`${file}: sources/ files live in the kit (${SOURCE_KIT}/) or a family's room (${SOURCE_FAMILIES.join(', ')})`);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3]!;
    if (!spec.startsWith('.')) continue;
    const target = path.normalize(path.join(path.dirname(file), spec));
    const from = featureOf(file);
    const to = featureOf(`${target}/`) ?? featureOf(target);
    if (from && to && from !== to) problems.push(`${file} imports another feature: ${spec}`);
    if (file.startsWith('src/shared/') && !target.startsWith('src/shared')) problems.push(`${file}: shared code imports ${spec}`);
    const side = file.split('/')[1];
    const otherSide = { server: 'web', web: 'server' }[side ?? ''];
    if (otherSide && target.startsWith(`src/${otherSide}/`)) problems.push(`${file}: the ${side} imports the ${otherSide}: ${spec}`);
    if (file.startsWith('src/server/') && target.startsWith('src/server/')) {
      const problem = serverProblem(file, target) ?? sourcesProblem(file, target) ?? jobsProblem(file, target);
      if (problem) problems.push(`${problem}: ${spec}`);
    }
    if (/^src\/web\/(lib|components)\//.test(file) && /^src\/web\/(features|app)\//.test(target)) {
      problems.push(`${file}: web ${file.split('/')[2]}/ imports ${spec}`);
    }
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('import boundaries: ok');
