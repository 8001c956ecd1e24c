// PostgreSQL refusals the services answer like their own checks (a limit reached by a concurrent
// request, a unique row created twice). drizzle wraps the driver's error: the SQLSTATE and the
// constraint name are on an error somewhere in its `cause` chain.
export const SQLSTATE = { uniqueViolation: '23505', checkViolation: '23514' } as const;

export function isConstraintViolation(err: unknown, sqlstate: string, constraint: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: string; constraint?: string };
    if (pgError.code === sqlstate && pgError.constraint === constraint) return true;
  }
  return false;
}

/** Connection-level SQLSTATE classes and codes: 08 (connection exception), 57P01–57P03 (shutting down, cannot connect now). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123])/;
const UNAVAILABLE_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True when the database could not be reached or the connection was lost (not a refusal of the statement). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NETWORK.has(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
