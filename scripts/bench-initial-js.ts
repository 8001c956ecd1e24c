// Benchmark: the JavaScript a first visit downloads for each public page, gzip-compressed.
// Usage: npm run bench:initial-js  (builds if needed; uses DATABASE_URL or the embedded database)
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildIfStale } from './build-if-stale.ts';

const PORT = 3997;
const PAGES = ['/', '/login', '/hello', '/email-otp', '/invite-only?token=x'];

buildIfStale();
const server = spawn(process.execPath, ['src/server/main.ts'], {
  env: { ...process.env, ROLE: 'web', PORT: String(PORT), APP_URL: `http://localhost:${PORT}`, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`http://localhost:${PORT}/readyz`).catch(() => null))?.ok) break;
    if (i > 300) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  console.log('page                     files   raw KiB   gzip KiB');
  for (const path of PAGES) {
    const page = await browser.newPage();
    const scripts: Promise<Buffer>[] = [];
    // The scripts in by network idle: a script requested later (code loaded on the page's own schedule)
    // is not counted, nor read once the page has closed.
    let idle = false;
    page.on('response', (response) => {
      if (!idle && response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto(`http://localhost:${PORT}${path}`, { waitUntil: 'networkidle' });
    idle = true;
    const bodies = await Promise.all(scripts);
    const raw = bodies.reduce((n, b) => n + b.length, 0);
    const gzip = bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    console.log(
      `${path.padEnd(24)} ${String(bodies.length).padStart(5)} ${(raw / 1024).toFixed(1).padStart(9)} ${(gzip / 1024).toFixed(1).padStart(10)}`,
    );
    await page.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
