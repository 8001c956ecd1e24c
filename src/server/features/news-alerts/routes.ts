import { Hono } from 'hono';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { requireSession, type SessionEnv } from '../../http/session.ts';

// Work in progress (issue 3): endpoints are added here.
export function newsAlertRoutes(_db: Database, auth: Auth) {
  return new Hono<SessionEnv>().use(requireSession(auth));
}
