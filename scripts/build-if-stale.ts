// Builds the web app when its sources are newer than the last build (a warm start skips it), and
// says what to do where it cannot be built: a production install has no Vite (ADR 024).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Every Vite build writes build-id (vite.config.ts), so `npm run build` counts as a build too.
const STAMP = 'dist/web/build-id';
const INDEX = 'dist/web/index.html';
const VITE = 'node_modules/vite/bin/vite.js';
const SOURCES = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'scripts/support/boot-script.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIfStale(): void {
  const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map(newestMtime));
  if (built >= changed) return;
  console.log('Building the web app…');
  const result = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export const NOT_BUILT =
  'The web app is not built (dist/web/index.html is missing), and this install cannot build it: it has no Vite (a production ' +
  'install) or runs with NODE_ENV=production, which never builds at start. Build where the development packages are installed: ' +
  '`npm ci && npm run build && npm run prune:production` (README, Production), or use the container image, which holds the build.';

/**
 * What `npm start` does about the web app before the server starts. Production serves the build it
 * was given and never builds at start (a build needs Vite, a development package, and minutes of
 * CPU on the serving host); neither does an install without Vite. Elsewhere it builds when stale.
 */
export function webAppStep(state: { production: boolean; viteInstalled: boolean; built: boolean }): 'build-if-stale' | 'serve' | 'missing' {
  if (!state.production && state.viteInstalled) return 'build-if-stale';
  return state.built ? 'serve' : 'missing';
}

/** Builds when it should; exits with NOT_BUILT when there is nothing to serve and no way to build it. */
export function prepareWebApp(env: NodeJS.ProcessEnv = process.env): void {
  const step = webAppStep({ production: env.NODE_ENV === 'production', viteInstalled: existsSync(VITE), built: existsSync(INDEX) });
  if (step === 'build-if-stale') buildIfStale();
  if (step === 'missing') {
    console.error(NOT_BUILT);
    process.exit(1);
  }
}

if (import.meta.main) buildIfStale();
