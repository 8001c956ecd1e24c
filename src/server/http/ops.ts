// The ops listener (issue 28): every role's /metrics, /healthz and /readyz on a port of its own
// (METRICS_PORT), bound to METRICS_HOST (loopback unless the operator says otherwise), so the
// metrics are never on the public app port (whose /metrics is the app's 404). The worker role has
// no other HTTP port: this is its health endpoint. With METRICS_TOKEN, /metrics asks for
// `Authorization: Bearer <token>`; /healthz and /readyz say nothing secret and stay open for probes.
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessage, log } from '../lib/log.ts';
import { METRICS_CONTENT_TYPE, metricsText } from '../lib/metrics.ts';

export type OpsListenerOptions = {
  port: number;
  host: string;
  token?: string;
  /** Whether the database answers (the readiness check). */
  databaseReachable: () => Promise<boolean>;
  /** True once the process is shutting down: readiness answers 503 'draining'. */
  draining: () => boolean;
};

export type OpsListener = { port: number; close: () => Promise<void> };

/** Equal-length digests compared in constant time: neither the token's length nor its prefix leaks. */
const digest = (value: string) => createHash('sha256').update(value).digest();
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export async function startOpsListener(opts: OpsListenerOptions): Promise<OpsListener> {
  const server = http.createServer((req, res) => {
    void answer(req, res).catch((err) => {
      log.error('ops listener error', { error: errorMessage(err) });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('internal error\n');
    });
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: 'method not allowed' });
    if (path === '/healthz') return json(200, { status: 'ok' });
    if (path === '/readyz') {
      if (opts.draining()) return json(503, { status: 'draining' });
      return (await opts.databaseReachable())
        ? json(200, { status: 'ready' })
        : json(503, { status: 'unavailable', error: 'database_unavailable' });
    }
    if (path === '/metrics') {
      if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
        res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' });
        return res.end('METRICS_TOKEN is set: send Authorization: Bearer <token>\n');
      }
      const text = await metricsText();
      res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
      return res.end(text);
    }
    return json(404, { error: 'not found' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `METRICS_PORT ${opts.port} is already in use. Set METRICS_PORT to a free port.`
            : `METRICS_PORT: ${err.message}`,
        ),
      ),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
