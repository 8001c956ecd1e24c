// One logger for the server. Everything it prints passes through `mask`, so e-mail addresses,
// tokens and phone numbers never reach the logs (spec 01 §8 asks the same of the browser console).
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const TOKEN_PARAM = /((?:token|access_token|refresh_token|otp|code|password|secret|key)=)[^&\s"']+/gi;
const BEARER = /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const LONG_SECRET = /\b[A-Za-z0-9_-]{32,}\b/g;
// Not inside a longer number, not an ISO date or timestamp (a logged query's parameters), and not
// an IPv4 address (a source's host in a warning).
const PHONE = /(?<![\d+.])(?!\d{4}-\d\d-\d\d)(?!\d{1,3}(?:\.\d{1,3}){3}(?![\d.]))\+?\d[\d ().-]{7,}\d/g;

export function mask(text: string): string {
  return text
    .replace(EMAIL, (m) => `${m[0]}***@***`)
    .replace(TOKEN_PARAM, '$1***')
    .replace(BEARER, '$1***')
    .replace(LONG_SECRET, '***')
    .replace(PHONE, '***phone***');
}

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
let threshold: Level = 'info';

export function setLogLevel(level: Level) {
  threshold = level;
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (order[level] < order[threshold]) return;
  const line = fields ? `${message} ${JSON.stringify(fields)}` : message;
  const out = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${mask(line)}\n`;
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(out);
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
  /** Prints as is: only for text meant for the operator's eyes (the CLI, captured dev mail). */
  raw: (text: string) => process.stdout.write(`${text}\n`),
};

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  // Libraries also emit plain objects (pg-boss does): their message, else their JSON, not "[object Object]".
  if (typeof err === 'object' && err !== null) {
    if ('message' in err && typeof err.message === 'string') return err.message;
    try {
      return JSON.stringify(err);
    } catch {}
  }
  return String(err);
}
