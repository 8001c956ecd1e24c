import { Hono } from 'hono';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import type { SessionEnv } from '../../http/session.ts';

// Filled in by issue 30's work on this feature.
export function accountDataRoutes(_db: Database, _auth: Auth) {
  return new Hono<SessionEnv>();
}
