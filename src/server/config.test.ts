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
    expect(config.INVITE_TTL_HOURS).toBe(168);
    expect(config.AUTH_MAX_FAILURES_PER_ACCOUNT).toBe(10);
    expect(config.AUTH_MAX_FAILURES_PER_IP).toBe(50);
    expect(config.AUTH_MAX_EMAILS_PER_ACCOUNT).toBe(5);
    expect(config.SHUTDOWN_TIMEOUT_SECONDS).toBe(20);
    expect(config.AUTH_LIMIT_WINDOW_MINUTES).toBe(15);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.production).toBe(false);
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

  it('production with both is accepted', () => {
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), APP_URL: 'https://eos.example.com' });
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
      /^Invalid configuration: AI_MODEL_TREND names no AI task\. The per-task models are AI_MODEL_COMPANY_NEWS, AI_MODEL_TRENDS, .*AI_MODEL_CONTENT_MODIFY, AI_MODEL_AIR_REPORT\.$/,
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
