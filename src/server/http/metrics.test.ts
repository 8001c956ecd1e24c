import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { httpRequestDuration } from '../lib/metrics.ts';
import { httpMetrics } from './metrics.ts';

/** The requests observed so far: "METHOD route status" → count. */
async function observed() {
  const { values } = await httpRequestDuration.get();
  return Object.fromEntries(
    values
      .filter((v) => v.metricName === 'eos_http_request_duration_seconds_count')
      .map((v) => [`${v.labels.method} ${v.labels.route} ${v.labels.status}`, v.value]),
  );
}

/** Shaped like app.ts: a middleware first, an API sub-app with a catch-all 404, and the SPA's '*'. */
function app() {
  const root = new Hono();
  root.onError((_err, c) => c.json({ error: 'internal' }, 500));
  root.use(httpMetrics());
  root.use(async (_c, next) => next());
  const api = new Hono();
  api.get('/items/:id', (c) => c.json({ id: c.req.param('id') }));
  api.post('/items', () => {
    throw new Error('boom');
  });
  api.all('/*', (c) => c.json({ error: 'not found' }, 404));
  root.route('/api', api);
  root.get('*', (c) => c.html('<p>app</p>', c.req.path === '/' ? 200 : 404));
  return root;
}

describe('eos_http_request_duration_seconds', () => {
  beforeEach(() => httpRequestDuration.reset());

  it('labels each request with the route pattern that answered, never the path, and every unknown path alike', async () => {
    const a = app();
    await a.request('/api/items/1');
    await a.request('/api/items/2');
    await a.request('/api/items', { method: 'POST' });
    await a.request('/api/nope/7');
    await a.request('/api/other', { method: 'DELETE' });
    await a.request('/');
    await a.request('/no-such-page');
    await a.request('/x', { method: 'POST' });
    expect(await observed()).toEqual({
      'GET /api/items/:id 200': 2,
      // A handler that threw: its route, with the error's status.
      'POST /api/items 500': 1,
      'GET unmatched 404': 1,
      'DELETE unmatched 404': 1,
      // The SPA answers its own pages (and its 404 page) under '*' (Hono writes it '/*').
      'GET /* 200': 1,
      'GET /* 404': 1,
      // Nothing answered a POST there: Hono's not-found.
      'POST unmatched 404': 1,
    });
  });
});
