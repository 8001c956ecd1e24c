import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('loadConfig did not throw');
}

describe('loadConfig', () => {
  it('applies defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.NODE_ENV).toBe('development');
    expect(config.ROLE).toBe('all');
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.LOG_FORMAT).toBe('pretty');
    expect(config.INVITE_TTL_HOURS).toBe(168);
    expect(config.AUTH_MAX_FAILURES_PER_ACCOUNT).toBe(10);
    expect(config.AUTH_MAX_FAILURES_PER_IP).toBe(50);
    expect(config.AUTH_MAX_EMAILS_PER_ACCOUNT).toBe(5);
    expect(config.SHUTDOWN_TIMEOUT_SECONDS).toBe(20);
    expect(config.AUTH_LIMIT_WINDOW_MINUTES).toBe(15);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.production).toBe(false);
  });

  it('logs JSON in production and readable lines elsewhere, unless LOG_FORMAT says', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      APP_URL: 'https://eos.example.com',
      DATABASE_URL: 'embedded',
    };
    expect(loadConfig(production).LOG_FORMAT).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: '' }).LOG_FORMAT).toBe('pretty');
    expect(configError({ LOG_FORMAT: 'xml' }).message).toContain('LOG_FORMAT');
  });

  it('parses given values and trims the trailing slash of APP_URL', () => {
    const config = loadConfig({ PORT: '8080', ROLE: 'worker', TRUST_PROXY: 'true', APP_URL: 'https://eos.example.com/', SMTP_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.ROLE).toBe('worker');
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.appUrl).toBe('https://eos.example.com');
    expect(config.SMTP_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'not-a-port'],
    ['PORT', '70000'],
    ['ROLE', 'superuser'],
    ['SMTP_URL', 'http://user:SeCrEtPw@mail.example.com'],
    ['DATABASE_URL', 'mysql://root:TopSecret1@db.example.com/app'],
  ])('a bad %s throws a ConfigError naming the variable, not the value', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.message).toContain(name);
    expect(err.message).not.toContain(value);
  });

  it('reads TRUST_PROXY as proxy-addr takes it: none, one proxy, a number of proxies, or their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
    expect(configError({ TRUST_PROXY: 'yes' }).message).toContain(
      'TRUST_PROXY must be true, false, a number of proxies, or their addresses and subnets.',
    );
    expect(configError({ TRUST_PROXY: 'loopback, 10.0.0.0/33' }).message).toContain('TRUST_PROXY');
  });

  it('a short AUTH_SECRET is refused without printing it', () => {
    const err = configError({ AUTH_SECRET: 'shortsecret' });
    expect(err.message).toContain('AUTH_SECRET');
    expect(err.message).not.toContain('shortsecret');
  });

  it('production requires AUTH_SECRET', () => {
    const err = configError({ NODE_ENV: 'production', APP_URL: 'https://eos.example.com' });
    expect(err.message).toContain('AUTH_SECRET');
  });

  it('production requires APP_URL', () => {
    const err = configError({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) });
    expect(err.message).toContain('APP_URL');
  });

  it('production with AUTH_SECRET, APP_URL and DATABASE_URL is accepted', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      APP_URL: 'https://eos.example.com',
      DATABASE_URL: 'postgres://db.example.com/app',
    });
    expect(config.production).toBe(true);
    expect(config.appUrl).toBe('https://eos.example.com');
  });

  it.each(['SUPPORT_CHAT_URL', 'COMPANY_LINKEDIN_URL', 'WAITLIST_URL', 'CLIENT_PORTAL_URL'])('%s must be a web address', (name) => {
    expect(configError({ [name]: 'javascript:alert(1)' }).message).toBe(`Invalid configuration: ${name} must be an http(s) URL.`);
    expect(loadConfig({ [name]: 'https://example.com/x' })[name as 'WAITLIST_URL']).toBe('https://example.com/x');
  });

  it('SUPPORT_EMAIL must be an e-mail address', () => {
    expect(configError({ SUPPORT_EMAIL: 'nope' }).message).toContain('SUPPORT_EMAIL');
  });
});

describe('AI configuration', () => {
  it('is off when no AI_* variable is set, and says so rather than failing', () => {
    expect(loadConfig({}).ai).toBeNull();
  });

  it('stops at start-up on an AI_MODEL_<TASK> that names no task, listing the names that exist', () => {
    expect(() => loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', AI_MODEL_TREND: 'qwen2.5' })).toThrow(
      /^Invalid configuration: AI_MODEL_TREND names no AI task: did you mean AI_MODEL_TRENDS\? The per-task models are AI_MODEL_COMPANY_NEWS, AI_MODEL_TRENDS, .*AI_MODEL_CONTENT_MODIFY, AI_MODEL_AIR_REPORT, AI_MODEL_WOLFEBOT, AI_MODEL_TRIGGER\.$/,
    );
  });

  it('reads an OpenAI-compatible server (e.g. Ollama) from its address and model, with per-task models', () => {
    const { ai } = loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', AI_MODEL_TRENDS: 'qwen2.5' });
    expect(ai).toEqual({
      provider: 'openai',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      models: { trends: 'qwen2.5' },
    });
  });

  it('stops start-up with what is missing when the provider is half configured', () => {
    expect(configError({ AI_API_KEY: 'sk-test' }).message).toContain('AI_MODEL is required');
    expect(configError({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude' }).message).toContain(
      'AI_API_KEY is required when AI_PROVIDER=anthropic',
    );
    expect(configError({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini' }).message).toContain('set AI_API_KEY (for OpenAI) or AI_BASE_URL');
    expect(configError({ AI_PROVIDER: 'gemini' }).message).toContain('AI_PROVIDER');
    expect(configError({ AI_BASE_URL: 'file:///etc/passwd', AI_MODEL: 'x' }).message).toContain('AI_BASE_URL must be an http(s) URL');
  });

  it('never prints the key in an error', () => {
    expect(configError({ AI_PROVIDER: 'anthropic', AI_API_KEY: 'sk-secret-value', AI_TIMEOUT_SECONDS: 'soon' }).message).not.toContain(
      'sk-secret-value',
    );
  });

  it('declares a contact to SEC EDGAR from the support address unless SEC_USER_AGENT is set', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@acme.example' }).secUserAgent).toBe('Enterprise OS help@acme.example');
    expect(loadConfig({ SEC_USER_AGENT: 'Acme Research ops@acme.example' }).secUserAgent).toBe('Acme Research ops@acme.example');
  });
});

describe('the whole environment, checked at once (issue 25)', () => {
  it('reports every problem in one error, one line each, naming the variable and never the value', () => {
    const err = configError({
      PORT: 'abc',
      DATABASE_URL: 'postgres://app:TopSecret1@db.example.com:notaport/app',
      SMTP_URL: 'smtp://mailer:MailSecret2@smtp.example.com:99999',
      AI_MODLE: 'gpt-4o-mini',
    });
    const lines = err.message.split('\n');
    expect(lines[0]).toBe('Invalid configuration (4 problems):');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}- PORT /),
      expect.stringMatching(/^ {2}- DATABASE_URL has a port that is not a number from 1 to 65535\.$/),
      expect.stringMatching(/^ {2}- SMTP_URL has a port that is not a number from 1 to 65535\.$/),
      '  - AI_MODLE is not a setting of Enterprise OS: did you mean AI_MODEL?',
    ]);
    for (const secret of ['abc', 'TopSecret1', 'MailSecret2', 'notaport', '99999', 'gpt-4o-mini'])
      expect(err.message).not.toContain(secret);
  });

  it.each([
    ['DATABSE_URL', 'DATABASE_URL'],
    ['AI_MODLE', 'AI_MODEL'],
    ['SMTP_ULR', 'SMTP_URL'],
    ['AUTH_SECERT', 'AUTH_SECRET'],
    ['database_url', 'DATABASE_URL'],
    ['ALERT_CONCURRENCYY', 'ALERT_CONCURRENCY'],
  ])('a near-miss %s of a setting stops start-up with "did you mean %s?"', (typo, name) => {
    expect(configError({ [typo]: 'x' }).message).toBe(
      `Invalid configuration: ${typo} is not a setting of Enterprise OS: did you mean ${name}?`,
    );
  });

  it.each([
    ['API_URL', 'APP_URL'],
    ['SITE_URL', 'SMTP_URL'],
    ['EMAIL_FROM', 'MAIL_FROM'],
    ['HOSTS', 'HOST'],
  ])("another program's %s, near our %s, is only a warning", (name, ours) => {
    expect(loadConfig({ [name]: 'x' }).warnings).toEqual([
      `${name} is not a setting of Enterprise OS: did you mean ${ours}? It is ignored.`,
    ]);
  });

  it('a misspelt per-task model says which one was meant', () => {
    expect(configError({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', AI_MODEL_TREND: 'qwen2.5' }).message).toMatch(
      /^Invalid configuration: AI_MODEL_TREND names no AI task: did you mean AI_MODEL_TRENDS\? The per-task models are /,
    );
  });

  it('leaves the rest of the environment alone, and only warns about an unknown name with a product prefix', () => {
    const config = loadConfig({
      PATH: '/usr/bin',
      HOME: '/root',
      HOSTNAME: 'box',
      NODE_OPTIONS: '--max-old-space-size=512',
      npm_config_cache: '/tmp/npm',
      npm_lifecycle_event: 'start',
      VITEST_POOL_ID: '1',
      LANG: 'C.UTF-8',
      // Kubernetes names a service's address after it: a service called "smtp" is not a typo of ours.
      SMTP_SERVICE_HOST: '10.0.0.3',
    });
    expect(config.warnings).toEqual([
      'SMTP_SERVICE_HOST is not a setting of Enterprise OS (the SMTP_ settings are SMTP_URL); it is ignored.',
    ]);
  });

  it.each([
    ['postgres://db.example.com:0/app', 'DATABASE_URL has a port that is not a number from 1 to 65535.'],
    ['postgres://db.example.com:65536/app', 'DATABASE_URL has a port that is not a number from 1 to 65535.'],
    ['postgres://:5432/app', 'DATABASE_URL names no host.'],
    ['postgres://user:pw@/app', 'DATABASE_URL names no host.'],
    ['postgres://db.exa mple.com/app', 'DATABASE_URL is not a valid URL.'],
  ])('DATABASE_URL %s is refused', (url, message) => {
    expect(configError({ DATABASE_URL: url }).message).toBe(`Invalid configuration: ${message}`);
  });

  it('takes a full DATABASE_URL, a socket directory as host, and an SMTP URL with a valid port', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://app:pw@db.example.com:6543/app?sslmode=require' }).DATABASE_URL).toBe(
      'postgresql://app:pw@db.example.com:6543/app?sslmode=require',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://app@/app?host=/var/run/postgresql' }).DATABASE_URL).toBe(
      'postgres://app@/app?host=/var/run/postgresql',
    );
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).SMTP_URL).toBe('smtps://u:p@smtp.example.com:465');
    expect(configError({ SMTP_URL: 'smtp://:25' }).message).toBe('Invalid configuration: SMTP_URL names no host.');
  });
});

describe('metrics (issue 28)', () => {
  it('has no ops listener unless METRICS_PORT is set, and binds it to loopback by default', () => {
    const config = loadConfig({});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1', warnings: [] });
  });

  it('refuses a bad port, the app port, and a short token, naming each and never the token', () => {
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow('METRICS_PORT must be a port number (1-65535).');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be a port number (1-65535).');
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow('METRICS_PORT must differ from PORT (3000)');
    // A worker has no app port.
    expect(loadConfig({ ROLE: 'worker', METRICS_PORT: '3000' }).METRICS_PORT).toBe(3000);
    const error = (() => {
      try {
        loadConfig({ METRICS_TOKEN: 'tiny-secret' });
      } catch (err) {
        return err as Error;
      }
    })();
    expect(error?.message).toBe('Invalid configuration: METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 24`).');
    expect(error?.message).not.toContain('tiny-secret');
  });

  it('warns when the metrics are reachable beyond this machine without a token', () => {
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).warnings).toEqual([
      'METRICS_HOST=0.0.0.0 without METRICS_TOKEN: whoever reaches port 9464 there reads the metrics (set METRICS_TOKEN, or firewall the port).',
    ]);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'x'.repeat(24) }).warnings).toEqual([]);
  });
});

describe('production (issue 25)', () => {
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), APP_URL: 'https://eos.example.com' };

  it('refuses to start without DATABASE_URL rather than serve an empty embedded database', () => {
    expect(configError(production).message).toBe(
      'Invalid configuration: DATABASE_URL is required when NODE_ENV=production (a postgres:// URL, or DATABASE_URL=embedded for the embedded PostgreSQL under DATA_DIR).',
    );
  });

  it('names the misspelt DATABASE_URL too', () => {
    const err = configError({ ...production, DATABSE_URL: 'postgres://db.example.com/app' });
    expect(err.message.split('\n').slice(1)).toEqual([
      expect.stringContaining('  - DATABASE_URL is required when NODE_ENV=production'),
      '  - DATABSE_URL is not a setting of Enterprise OS: did you mean DATABASE_URL?',
    ]);
  });

  it('runs the embedded database only when asked for with DATABASE_URL=embedded (as development may)', () => {
    const config = loadConfig({ ...production, DATABASE_URL: 'embedded' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'embedded' }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
  });

  it('refuses PUBLISHER_ALLOW_PRIVATE_ADDRESSES, a switch for tests', () => {
    const err = configError({ ...production, DATABASE_URL: 'postgres://db.example.com/app', PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'true' });
    expect(err.message).toBe(
      'Invalid configuration: PUBLISHER_ALLOW_PRIVATE_ADDRESSES=true is for tests against local fakes and is refused when NODE_ENV=production.',
    );
    expect(
      loadConfig({ ...production, DATABASE_URL: 'postgres://db.example.com/app', PUBLISHER_ALLOW_PRIVATE_ADDRESSES: 'false' }).production,
    ).toBe(true);
  });

  it('lists every production requirement that is missing at once', () => {
    const err = configError({ NODE_ENV: 'production', PUBLISHER_ALLOW_PRIVATE_ADDRESSES: '1' });
    expect(err.message.split('\n')[0]).toBe('Invalid configuration (4 problems):');
    for (const name of ['AUTH_SECRET', 'APP_URL', 'DATABASE_URL', 'PUBLISHER_ALLOW_PRIVATE_ADDRESSES'])
      expect(err.message).toContain(`- ${name}`);
  });
});
