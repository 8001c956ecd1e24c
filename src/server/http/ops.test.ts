import { afterEach, describe, expect, it } from 'vitest';
import { bearerMatches, type OpsListener, startOpsListener } from './ops.ts';

const TOKEN = 'a-metrics-token-of-some-length';
let listener: OpsListener | null = null;
afterEach(async () => {
  await listener?.close();
  listener = null;
});

async function start(opts: { token?: string; reachable?: boolean; draining?: boolean } = {}) {
  const state = { reachable: opts.reachable ?? true, draining: opts.draining ?? false };
  listener = await startOpsListener({
    port: 0,
    host: '127.0.0.1',
    token: opts.token,
    databaseReachable: async () => state.reachable,
    draining: () => state.draining,
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${listener!.port}${path}`, { headers });
  return { get, state };
}

describe('the ops listener', () => {
  it('says the process is alive, and ready only while the database answers and it is not shutting down', async () => {
    const { get, state } = await start();
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await (await get('/readyz')).json()).toEqual({ status: 'ready' });
    state.reachable = false;
    const down = await get('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable', error: 'database_unavailable' });
    state.draining = true;
    const draining = await get('/readyz');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    // Alive all along.
    expect((await get('/healthz')).status).toBe(200);
  });

  it('serves the Prometheus text at /metrics, and nothing else', async () => {
    const { get } = await start();
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await metrics.text()).toContain('# TYPE eos_http_request_duration_seconds histogram');
    expect((await get('/')).status).toBe(404);
    expect((await get('/metrics/x')).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${listener!.port}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('asks for the bearer token at /metrics when METRICS_TOKEN is set, and leaves the probes open', async () => {
    const { get } = await start({ token: TOKEN });
    const refused = await get('/metrics');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await refused.text()).not.toContain('eos_');
    expect((await get('/metrics', { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await get('/metrics', { authorization: TOKEN })).status).toBe(401);
    expect((await get('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
  });

  it('says which setting to change when its port is taken', async () => {
    await start();
    await expect(
      startOpsListener({ port: listener!.port, host: '127.0.0.1', databaseReachable: async () => true, draining: () => false }),
    ).rejects.toThrow(`METRICS_PORT ${listener!.port} is already in use. Set METRICS_PORT to a free port.`);
  });
});

describe('bearerMatches', () => {
  it('takes only the exact token after "Bearer"', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer   ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });
});
