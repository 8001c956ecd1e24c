import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type pg from 'pg';
import { VERSION_LABEL } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { isOperatorRoute, isWebRoute } from '../../shared/web-routes.ts';
import { createAiRunner } from '../ai/runner.ts';
import type { AttemptLimits } from '../auth/attempt-limits.ts';
import type { Auth } from '../auth/auth.ts';
import { authRoutes } from '../auth/routes.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accountDataRoutes } from '../features/account-data/routes.ts';
import { accountRoutes } from '../features/accounts/routes.ts';
import { consolePageAccess } from '../features/admin/operator.ts';
import { adminRoutes } from '../features/admin/routes.ts';
import { airRoutes } from '../features/air/routes.ts';
import { channelRoutes } from '../features/channels/routes.ts';
import { contentRoutes } from '../features/content/routes.ts';
import { dashboardRoutes } from '../features/dashboard/routes.ts';
import { earningsAlertRoutes, earningsCalendarFeedRoutes } from '../features/earnings-alerts/routes.ts';
import { libraryRoutes } from '../features/library/routes.ts';
import { newsAlertRoutes } from '../features/news-alerts/routes.ts';
import { newsletterRoutes } from '../features/newsletter/routes.ts';
import { profileRoutes } from '../features/profile/routes.ts';
import { researchRoutes } from '../features/research/routes.ts';
import { securityRoutes } from '../features/security/routes.ts';
import { triggerRoutes } from '../features/triggers/routes.ts';
import { unsubscribeRoutes } from '../features/unsubscribe/routes.ts';
import { wolfebotRoutes } from '../features/wolfebot/routes.ts';
import type { RunProducer } from '../jobs/runs/producer.ts';
import { AppError } from '../lib/app-error.ts';
import { devMailboxRoutes } from '../mail/dev-mailbox.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { eventRoutes } from '../realtime/routes.ts';
import { createSources } from '../sources/index.ts';
import { errorResponse } from './errors.ts';
import { httpMetrics } from './metrics.ts';
import { clientIp, requestId, requestLog, sameOriginWrites } from './middleware.ts';

const MAX_BODY_BYTES = 64 * 1024;

type AppDeps = {
  config: Config;
  db: Database;
  pool: pg.Pool;
  /** Queues alert-engine runs (AIR reports). */
  runs: RunProducer;
  auth: Auth;
  attempts: AttemptLimits;
  hub: RealtimeHub;
  webRoot: string;
  /** The SMTP server's state for /readyz (mail/smtp-check.ts); absent where mail is not checked (tests). */
  smtp?: () => string;
  /** Signs tokens that are not sessions (unsubscribe links). */
  secret: string;
  /** True once the process is shutting down (SIGTERM): readiness fails and answers close their connections. */
  draining?: () => boolean;
};

/** What the browser needs to know about this deployment; nothing secret. */
export function publicConfig(config: Config, buildId: string | null = null) {
  return {
    version: VERSION_LABEL,
    buildId,
    waitlistUrl: config.WAITLIST_URL ?? null,
    posthogKey: config.POSTHOG_KEY ?? null,
    posthogHost: config.POSTHOG_HOST,
    clientPortalUrl: config.CLIENT_PORTAL_URL ?? null,
    support: { email: config.SUPPORT_EMAIL ?? null, chatUrl: config.SUPPORT_CHAT_URL ?? null, chatName: config.SUPPORT_CHAT_NAME },
    companyLinkedinUrl: config.COMPANY_LINKEDIN_URL ?? null,
    plan: { name: config.PLAN_NAME, nextTier: config.PLAN_NEXT_TIER, airGenerations: config.PLAN_AIR_GENERATIONS },
    devMailbox: !config.production && !config.SMTP_URL,
  };
}

function contentSecurityPolicy(config: Config) {
  const posthog = config.POSTHOG_KEY ? [new URL(config.POSTHOG_HOST).origin, 'https://*.posthog.com'] : [];
  const portal = config.CLIENT_PORTAL_URL ? [new URL(config.CLIENT_PORTAL_URL).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...posthog],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', ...posthog],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...posthog],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: portal.length ? portal : ["'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    ...(config.production ? { upgradeInsecureRequests: [] } : {}),
  };
}

export function createApp({ config, db, pool, runs, auth, attempts, hub, webRoot, secret, draining = () => false, smtp }: AppDeps) {
  const app = new Hono<{ Bindings: HttpBindings; Variables: { clientIp: string } }>();
  app.onError(errorResponse);
  app.use(requestId());
  app.use(httpMetrics());
  app.use(requestLog());
  // While draining, an answer ends its kept-alive connection, so the client goes elsewhere instead
  // of holding the server open (decided when the answer is made: the request may predate SIGTERM).
  app.use(async (c, next) => {
    await next();
    if (draining()) c.header('Connection', 'close');
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(config),
      strictTransportSecurity: config.production ? 'max-age=31536000; includeSubDomains' : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      // No page of ours uses these; a script that got in could not either. (Not bluetooth: Chromium
      // knows no such feature and warns on every page.)
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        serial: [],
        hid: [],
        midi: [],
        magnetometer: [],
        gyroscope: [],
        accelerometer: [],
        displayCapture: [],
        browsingTopics: [],
      },
    }),
  );
  app.use(clientIp(config.TRUST_PROXY));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // The status code is the database's (and draining's) alone: a load balancer must not take web
  // processes out because the mail server is away; `smtp` tells the operator (README, Production).
  app.get('/readyz', async (c) => {
    const mail = smtp ? { smtp: smtp() } : {};
    if (draining())
      return c.json({ status: 'draining', ...mail, error: { code: 'shutting_down', message: 'The server is shutting down.' } }, 503);
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: 'ready', ...mail });
    } catch {
      return c.json(
        { status: 'unavailable', ...mail, error: { code: 'database_unavailable', message: 'The database is not reachable.' } },
        503,
      );
    }
  });

  // One-click unsubscribe comes from mail providers' servers and other sites, without cookies; its
  // token is the credential. Mounted ahead of the API so the same-origin rule does not apply.
  app.route('/api/unsubscribe', unsubscribeRoutes(db, secret));
  // Calendar apps fetch the private earnings feed with no session: its token is the credential.
  app.route('/calendar', earningsCalendarFeedRoutes(db, config.appUrl));

  const api = new Hono<{ Variables: { clientIp: string } }>();
  api.use(sameOriginWrites(new URL(config.appUrl).origin));
  // Every request body the API accepts is small (the largest, a 25-company newsletter, is a few kB).
  // A GET or HEAD has no body (neither node-server nor Request gives them one), and asking for it
  // would build the whole Web Request (undici's Request, Headers, AbortController): 5 % of a GET's
  // CPU (issue 16). bodyLimit would pass them on anyway.
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('body_too_large', messages.errors.bodyTooLarge);
    },
  });
  api.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  const buildIdFile = path.join(webRoot, 'build-id');
  const buildId = existsSync(buildIdFile) ? readFileSync(buildIdFile, 'utf8').trim() : null;
  api.get('/config', (c) => c.json(publicConfig(config, buildId)));
  api.route(
    '/auth',
    authRoutes(auth, attempts, {
      perAccount: config.AUTH_MAX_FAILURES_PER_ACCOUNT,
      perIp: config.AUTH_MAX_FAILURES_PER_IP,
      emailsPerAccount: config.AUTH_MAX_EMAILS_PER_ACCOUNT,
    }),
  );
  api.route('/accounts', accountRoutes(db, auth));
  api.route('/profile', profileRoutes(db, auth));
  api.route('/security', securityRoutes(db, auth, { sessionMaxAgeDays: config.SESSION_MAX_AGE_DAYS }));
  api.route(
    '/account',
    accountDataRoutes(db, auth, {
      attempts,
      limits: {
        perAccount: config.AUTH_MAX_FAILURES_PER_ACCOUNT,
        perIp: config.AUTH_MAX_FAILURES_PER_IP,
        emailsPerAccount: config.AUTH_MAX_EMAILS_PER_ACCOUNT,
      },
      appUrl: config.appUrl,
      secret,
    }),
  );
  api.route('/news-alerts', newsAlertRoutes(db, auth));
  api.route('/newsletter', newsletterRoutes(db, auth));
  api.route('/earnings-alerts', earningsAlertRoutes(db, auth, config.appUrl));
  api.route(
    '/channels',
    channelRoutes(db, auth, { appUrl: config.appUrl, loopbackFakes: config.PUBLISHER_ALLOW_PRIVATE_ADDRESSES === true }),
  );
  api.route('/triggers', triggerRoutes(db, auth));
  api.route('/dashboard', dashboardRoutes(db, auth));
  // One runner and one set of source clients for research and content: the sources keep to each
  // service's pace (POLITE_INTERVALS_MS) across both.
  const ai = createAiRunner(config, db);
  const sources = createSources(config, db);
  api.route('/research', researchRoutes(auth, ai, sources, db));
  api.route('/content', contentRoutes(auth, ai, { news: sources.news }));
  api.route(
    '/air',
    airRoutes({ db, pool, runs, ai, creditsPerMonth: config.PLAN_AIR_GENERATIONS, maxFailedPerDay: config.AIR_MAX_FAILED_PER_DAY }, auth),
  );
  api.route(
    '/wolfebot',
    wolfebotRoutes({ db, ai, news: sources.news, secCompany: sources.secCompany, earningsCalendar: sources.earningsCalendar }, auth),
  );
  api.route('/library', libraryRoutes(db, auth));
  api.route(
    '/admin',
    adminRoutes({ db, pool, runs, prices: config.AI_PRICES, appUrl: config.appUrl, inviteTtlHours: config.INVITE_TTL_HOURS }, auth),
  );
  api.route('/events', eventRoutes(hub, auth));
  api.all('/*', () => {
    throw new AppError('not_found', messages.errors.notFound);
  });
  app.route('/api', api);

  if (!config.production && !config.SMTP_URL) app.route('/dev/mailbox', devMailboxRoutes(db));

  mountWebApp(app, webRoot, (c) => consolePageAccess(db, auth, c));
  return app;
}

/**
 * The built SPA: hashed assets cached for a year, index.html for every other GET (client routing),
 * with status 404 at a path the app has no page for (it draws its 404 page there).
 */
function mountWebApp(
  app: Hono<{ Bindings: HttpBindings; Variables: { clientIp: string } }>,
  webRoot: string,
  consoleAccess: (c: Context) => Promise<{ allowed: boolean; setCookies: string[] }>,
) {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) => c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503));
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const root = path.relative(process.cwd(), webRoot) || '.';
  app.use('/assets/*', compress());
  // Hashed file names never change content: a year, immutable. (serveStatic's onFound runs after its
  // response is made, too late for a header.)
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use(
    '/assets/*',
    serveStatic({
      root,
      // The build's .br and .gz copies (vite.config.ts precompress), for browsers that accept them.
      precompressed: true,
    }),
  );
  // An asset that is not there (an old build's chunk) is a 404, not the app's HTML under a script's name.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', compress(), async (c) => {
    c.header('Cache-Control', 'no-cache');
    const pathname = new URL(c.req.url).pathname;
    // The operator console is a page only for operators: anyone else gets the same 404 as a path
    // the app does not have (and the app draws its 404 page there too).
    if (isWebRoute(pathname) && isOperatorRoute(pathname)) {
      const access = await consoleAccess(c);
      for (const cookie of access.setCookies) c.header('set-cookie', cookie, { append: true });
      return c.html(indexHtml, access.allowed ? 200 : 404);
    }
    return c.html(indexHtml, isWebRoute(pathname) ? 200 : 404);
  });
}
