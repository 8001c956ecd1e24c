// The built web app's assets as the server sends them: the build's brotli or gzip copy when the
// browser accepts it (vite.config.ts precompress), the file itself otherwise, cached for a year.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app.ts';
import type { TestRuntime } from '../support/accounts.ts';
import { startTestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let webRoot: string;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

beforeAll(async () => {
  rt = await startTestRuntime();
  mkdirSync('data', { recursive: true });
  webRoot = mkdtempSync(path.join('data', 'webroot-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Enterprise OS</title>');
  writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), script);
  writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js.gz'), gzipSync(script));
});
afterAll(async () => {
  await rt?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (encoding: string | null) =>
  createApp({ ...rt, hub: rt.hub, webRoot: path.resolve(webRoot) }).request('/assets/main-abc123.js', {
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

it('sends the brotli copy to a browser that accepts it, else the gzip copy, else the file', async () => {
  const br = await get('gzip, deflate, br');
  expect(br.status).toBe(200);
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(br.headers.get('vary')).toContain('Accept-Encoding');
  expect(br.headers.get('content-type')).toMatch(/javascript/);
  expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

  const gz = await get('gzip');
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

  const plain = await get(null);
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(await plain.text()).toBe(script);

  // A missing asset (an old build's chunk) is a 404, not the app's page, and is not cached.
  const missing = await createApp({ ...rt, hub: rt.hub, webRoot: path.resolve(webRoot) }).request('/assets/gone-000.js');
  expect(missing.status).toBe(404);
  expect(missing.headers.get('cache-control')).toBeNull();
});
