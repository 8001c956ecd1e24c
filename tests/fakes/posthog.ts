// A stand-in for PostHog's ingestion API: answers every call with an empty success and records
// the method and path, so end-to-end tests can see whether the browser talks to PostHog at all.
// GET /__requests lists what was received; DELETE /__requests clears it.
import { startFakeHttp } from './http.ts';

export type PostHogRequest = { method: string; path: string; userAgent: string; at: number };

export async function startFakePostHog(port = 0) {
  const requests: PostHogRequest[] = [];
  const fake = await startFakeHttp((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    if (path === '/__requests') {
      if (req.method === 'DELETE') requests.length = 0;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(requests));
      return;
    }
    req.resume();
    req.on('end', () => {
      if (req.method !== 'OPTIONS')
        requests.push({ method: req.method ?? 'GET', path, userAgent: req.headers['user-agent'] ?? '', at: Date.now() });
      if (path.endsWith('.js')) {
        res.setHeader('content-type', 'application/javascript');
        res.end('');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  }, port);
  return { port: fake.port, requests, stop: fake.stop };
}
