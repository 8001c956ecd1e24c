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
