// The reverse-proxy examples carry what the app needs in front of it: TLS, the client's address in
// X-Forwarded-For for the proxy TRUST_PROXY believes, and live updates (Server-Sent Events at
// /api/events) passed through unbuffered, uncompressed and without a short read timeout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

const read = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');
/** The file without its comments: a directive only mentioned in one does not count. */
const directives = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean)
    .join('\n');
const caddy = directives(read('Caddyfile'));
const nginx = directives(read('nginx.conf'));
const env = parseEnv(read('../env.example'));
/** Where the example environment has the app listen: HOST from the example, PORT's default. */
const app = `${env.HOST}:${loadConfig({}).PORT}`;

describe('the proxies and the example environment agree', () => {
  it('the app listens on loopback only, and believes X-Forwarded-For from a proxy there', () => {
    expect(app).toBe('127.0.0.1:3000');
    expect(env.TRUST_PROXY).toBe('loopback');
  });
});

describe('deploy/proxy/Caddyfile', () => {
  it('serves a host name, so Caddy obtains its certificate and redirects HTTP to HTTPS', () => {
    expect(caddy).toMatch(/^[a-z0-9.-]+\.[a-z]{2,} \{$/m);
    expect(caddy).not.toMatch(/auto_https|http:\/\//);
  });

  it('passes each live-update event on at once, to the app', () => {
    expect(caddy).toMatch(/^@events path \/api\/events$/m);
    expect(caddy).toContain(`reverse_proxy @events ${app} {\nflush_interval -1\n}`);
  });

  it('sends everything else to the app, and not to a process whose /readyz fails (draining, or without its database)', () => {
    expect(caddy).toMatch(new RegExp(`^reverse_proxy ${app} \\{\\nhealth_uri /readyz\\n`, 'm'));
  });

  it('does not compress (a compressed event stream holds events back), nor rewrite X-Forwarded-For', () => {
    expect(caddy).not.toMatch(/^encode\b/m);
    expect(caddy).not.toMatch(/X-Forwarded-For|trusted_proxies/i);
  });
});

describe('deploy/proxy/nginx.conf', () => {
  const events = /location = \/api\/events \{\n([^}]*)\}/.exec(nginx)?.[1] ?? '';
  const seconds = (value: string) => Number.parseInt(value, 10) * ({ s: 1, m: 60, h: 3600, d: 86_400 }[value.replace(/^\d+/, '')] ?? 1);

  it('serves HTTPS (HTTP/2), and redirects HTTP to it', () => {
    expect(nginx).toMatch(/^listen 443 ssl http2;$/m);
    expect(nginx).toMatch(/^ssl_certificate\s+\S+;$/m);
    expect(nginx).toMatch(/^ssl_certificate_key\s+\S+;$/m);
    expect(nginx).toContain('return 301 https://$host$request_uri;');
  });

  it('proxies to the app with the client address appended to X-Forwarded-For, and the scheme', () => {
    expect(nginx).toContain(`upstream enterprise_os {\nserver ${app};`);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(nginx).toContain('proxy_set_header Host $host;');
  });

  it('passes live updates through unbuffered and uncompressed, with a read timeout far above the 25 s heartbeat', () => {
    expect(events).toContain('proxy_pass http://enterprise_os;');
    expect(events).toContain('proxy_buffering off;');
    expect(events).toContain('gzip off;');
    const timeout = /^proxy_read_timeout (\d+[smhd]?);$/m.exec(events)?.[1];
    expect(timeout).toBeDefined();
    expect(seconds(timeout!)).toBeGreaterThanOrEqual(600);
  });
});
