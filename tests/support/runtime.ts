// A real server stack on the test database: config, migrations, auth, and the Hono app, driven
// in-process through app.request (no port). Third parties are not involved at this level.
import { authBackgroundWork } from '../../src/server/auth/routes.ts';
import { bootstrap, type Runtime } from '../../src/server/bootstrap.ts';
import { createApp } from '../../src/server/http/app.ts';
import { createRealtimeHub } from '../../src/server/realtime/hub.ts';
import { testDatabaseUrl } from './test-database.ts';

export const TEST_APP_URL = 'http://localhost:3000';

export async function startTestRuntime(env: Record<string, string> = {}) {
  const runtime: Runtime = await bootstrap({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    APP_URL: TEST_APP_URL,
    AUTH_SECRET: 'integration-test-secret-integration-test-secret',
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'true',
    // The fake publishers live on 127.0.0.1, one host for all of them.
    PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true',
    PUBLISHER_MIN_INTERVAL_MS: '0',
    ...env,
  });
  const hub = createRealtimeHub(runtime.databaseUrl);
  await hub.ready;
  const app = createApp({ ...runtime, hub, webRoot: '/nonexistent' });
  const close = async () => {
    await hub.close();
    await runtime.close();
  };
  return { ...runtime, hub, app, client: new TestClient(app), close };
}

type App = ReturnType<typeof createApp>;

/** Sends JSON requests like a browser on our origin would, keeping cookies between calls. */
/** A request body sent exactly as written (JSON.stringify would overflow on what it must test). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export class TestClient {
  private cookies = new Map<string, string>();
  private readonly app: App;
  constructor(app: App) {
    this.app = app;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.raw(method, path, body, headers);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  /** The response itself, body unread (for streamed answers); cookies are kept as by `request`. */
  async raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
    const response = await this.app.request(path, {
      signal,
      method,
      headers: {
        origin: TEST_APP_URL,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof RawJson ? body.text : JSON.stringify(body),
    });
    // Mail work the auth routes start after answering (codes, reset links) is done before the test goes on.
    await authBackgroundWork();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (value.join('=') === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
    return response;
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body: unknown = {}, headers?: Record<string, string>) => this.request('POST', path, body, headers);
  put = (path: string, body: unknown, headers?: Record<string, string>) => this.request('PUT', path, body, headers);
}
