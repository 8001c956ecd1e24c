// One logger for the server (pino): one JSON object per line ({"level":"info","time":…,"msg":…,
// fields}), or the same line readable (LOG_FORMAT=pretty, the default outside production). Every
// string of a line, its message and its fields however deep (an error's message and stack too),
// passes through `mask`, so e-mail addresses, tokens and phone numbers never reach the logs (spec 01
// §8 asks the same of the browser console). Lines written during a request, a run or an e-mail's
// delivery carry its id (log-context.ts).
import pino from 'pino';
import { isUuid } from './ids.ts';
import { currentLogContext } from './log-context.ts';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const TOKEN_PARAM = /((?:token|access_token|refresh_token|otp|code|password|secret|key)=)[^&\s"']+/gi;
const BEARER = /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const LONG_SECRET = /\b[A-Za-z0-9_-]{32,}\b/g;
// Not inside a longer number, not an ISO date or timestamp (a logged query's parameters), and not
// an IPv4 address (a source's host in a warning).
const PHONE = /(?<![\d+.])(?!\d{4}-\d\d-\d\d)(?!\d{1,3}(?:\.\d{1,3}){3}(?![\d.]))\+?\d[\d ().-]{7,}\d/g;

// drizzle's query errors end with the statement's values ("params: Ada,Acme Corp,…"): what a user
// typed, which has no place in a log; the statement itself says what failed.
const QUERY_PARAMS = /(\bparams: )[^\n]*/g;

export function mask(text: string): string {
  return text
    .replace(QUERY_PARAMS, '$1***')
    .replace(EMAIL, (m) => `${m[0]}***@***`)
    .replace(TOKEN_PARAM, '$1***')
    .replace(BEARER, '$1***')
    .replace(LONG_SECRET, '***')
    .replace(PHONE, '***phone***');
}

/**
 * A row's id under an id field (`id`, `runId`, `mailId`…) is kept: a UUID is 36 characters, which
 * the long-secret pattern would hide, and a line that cannot name its run or e-mail is of little use.
 * Only the exact UUID shape passes; anything else there is masked like any other string.
 */
const ID_FIELD = /^(?:id|[a-z][A-Za-z]*Id)$/;
/** Deeper than any field we log; a deeper value (or a cycle) is cut rather than walked. */
const MAX_DEPTH = 8;

/** `value` with every string in it masked; errors become { type, message, code, stack, cause }. */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return mask(value);
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Error) {
    const { code } = value as { code?: unknown };
    return {
      type: value.name,
      message: mask(value.message),
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      ...(value.stack ? { stack: mask(value.stack) } : {}),
      ...(value.cause !== undefined ? { cause: maskValue(value.cause, depth + 1) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = typeof item === 'string' && ID_FIELD.test(key) && isUuid(item) ? item : maskValue(item, depth + 1);
  }
  return out;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'pretty';
let format: LogFormat = 'pretty';

/** The fields every JSON line has; the readable line shows the rest after the message. */
const STANDARD = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** A JSON line as `2026-01-02T03:04:05.678Z WARN  message {"fields":…}`. */
export function prettyLine(json: string): string {
  const line = JSON.parse(json) as Record<string, unknown>;
  const rest = Object.fromEntries(Object.entries(line).filter(([key]) => !STANDARD.has(key)));
  const fields = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${line.time} ${String(line.level).toUpperCase().padEnd(5)} ${line.msg ?? ''}${fields}\n`;
}

/**
 * Where lines go: process.stdout/stderr looked up at each write (tests replace their `write` to read
 * the log), synchronously as before (pino's own destination would write to the file descriptor
 * around them).
 */
const destination = (name: 'stdout' | 'stderr'): pino.DestinationStream => ({
  write(line: string) {
    process[name].write(format === 'json' ? line : prettyLine(line));
  },
});
// Warnings and errors on stderr, the rest on stdout, as before JSON (each line to one of them only).
const streams = pino.multistream(
  [
    { level: 'debug', stream: destination('stdout') },
    { level: 'warn', stream: destination('stderr') },
  ],
  { dedupe: true },
);

const options: pino.LoggerOptions = {
  level: 'info',
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  // Errors are made plain (and masked) by maskValue; pino's own `err` serializer would redo them.
  serializers: { err: (value: unknown) => value },
  // A copy: pino merges the line's fields into what mixin returns.
  mixin: () => ({ ...currentLogContext() }),
};

const logger = pino(
  {
    ...options,
    hooks: {
      // Every argument, the message and the fields, masked before pino writes anything.
      logMethod(args, method) {
        return method.apply(this, args.map((arg) => maskValue(arg)) as Parameters<typeof method>);
      },
    },
  },
  streams,
);
/** The same lines without masking, for `log.raw` in JSON; always at info (raw text is printed whatever LOG_LEVEL). */
const unmasked = pino(options, streams);

export function setLogLevel(level: LogLevel) {
  logger.level = level;
}

export function setLogFormat(value: LogFormat) {
  format = value;
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => logger.debug(f ?? {}, m),
  info: (m: string, f?: Record<string, unknown>) => logger.info(f ?? {}, m),
  warn: (m: string, f?: Record<string, unknown>) => logger.warn(f ?? {}, m),
  error: (m: string, f?: Record<string, unknown>) => logger.error(f ?? {}, m),
  /**
   * Prints as is, unmasked: only for text meant for the operator's eyes (the start-up lines,
   * captured dev mail). In JSON it is one line too (an info line whatever LOG_LEVEL), so that
   * everything on stdout stays JSON for a log collector.
   */
  raw: (text: string) => {
    if (format === 'json') unmasked.info(text.trim());
    else process.stdout.write(`${text}\n`);
  },
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
