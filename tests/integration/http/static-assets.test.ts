// The built web app as the server sends it: its assets, the build's brotli or gzip copy when the
// browser accepts it (vite.config.ts precompress), the file itself otherwise, cached for a year; its
// HTML at every path, with status 404 where the app has no page (issue 25 item 11).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../../src/server/http/app.ts';
import { isOperatorRoute, WEB_ROUTES } from '../../../src/shared/web-routes.ts';
import type { TestRuntime } from '../../support/accounts.ts';
import { startTestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let webRoot: string;
const indexHtml = '<!doctype html><title>Enterprise OS</title>';
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

beforeAll(async () => {
  rt = await startTestRuntime();
  mkdirSync('data', { recursive: true });
  webRoot = mkdtempSync(path.join('data', 'webroot-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
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

const open = (url: string) => createApp({ ...rt, hub: rt.hub, webRoot: path.resolve(webRoot) }).request(url);

// The operator console's page is a 404 but for operators (tests/integration/features/admin.test.ts).
it.each(WEB_ROUTES.filter((route) => !isOperatorRoute(route)).map((route) => route.replace(':id', '3f1c9a52-6d1e-4b7a-9f2e-0a1b2c3d4e5f')))(
  'answers %s, a page of the app, 200 with its HTML',
  async (url) => {
    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(indexHtml);
  },
);

it.each(['/nope', '/metrics', '/air/reports/x/y', '/homepage/x', '/dev/nope', '/admin', '/admin/users'])(
  'answers %s, a path the app has no page for, 404 with its HTML (it draws its 404 page)',
  async (url) => {
    const res = await open(url);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(indexHtml);
  },
);

it('answers an unknown API path 404 in JSON', async () => {
  const res = await open('/api/nope');
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
});
