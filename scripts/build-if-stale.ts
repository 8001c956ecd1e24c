// Builds the web app when its sources are newer than the last build (a warm start skips it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Every Vite build writes build-id (vite.config.ts), so `npm run build` counts as a build too.
const STAMP = 'dist/web/build-id';
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
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.main) buildIfStale();
