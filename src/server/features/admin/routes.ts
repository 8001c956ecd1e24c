// The operator console's API, under /api/admin (issue 28 §3). The guard comes first, for every path
// of this router (those not listed too): anyone but a signed-in, unsuspended operator gets the same
// 404 as a path that does not exist. Each action acts as the session's operator, never as a user the
// client names; it is written to the audit log in the action's own transaction.
//
//   GET    /invites?q=&status=&page=   invites with their status (sent, used, expired, revoked)
//   POST   /invites                    { email }: invite one address (mail through the outbox)
//   POST   /invites/csv                { csv }: invite each address of a CSV; a report per line
//   POST   /invites/:id/resend         a new link by mail; the old one stops working
//   POST   /invites/:id/revoke
//   GET    /users?q=&page=             users with last sign-in, alerts, AI use this month, role, suspension
//   POST   /users/:id/suspend          sessions end, sign-in refused, alerts paused
//   POST   /users/:id/resume
//   DELETE /users/:id                  { confirmEmail }: the user and everything of theirs
//   GET    /audit?page=                the audit log, newest first
import { Hono } from 'hono';
import {
  auditListQuerySchema,
  deleteUserSchema,
  inviteCreateSchema,
  inviteCsvSchema,
  inviteListQuerySchema,
  userListQuerySchema,
} from '../../../shared/admin.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { parseJson } from '../../http/errors.ts';
import { listAudit } from './audit-log.ts';
import { idParam, parseQuery } from './http.ts';
import { inviteCsv, inviteOne, listInvites, resendInvite, revokeInvite } from './invites.ts';
import { type OperatorEnv, requireOperator } from './operator.ts';
import { type AdminOpsDeps, adminOpsRoutes } from './ops-routes.ts';
import { deleteUser, listUsers, resumeUser, suspendUser } from './users.ts';

export type AdminDeps = AdminOpsDeps & {
  db: Database;
  /** Where the invitation links point (config.appUrl). */
  appUrl: string;
  /** How long an invitation works (config.INVITE_TTL_HOURS). */
  inviteTtlHours: number;
};

/** Invites, users and the audit log; the guard is adminRoutes'. */
function peopleRoutes({ db, appUrl, inviteTtlHours }: AdminDeps) {
  const invites = { db, appUrl, ttlHours: inviteTtlHours };
  return new Hono<OperatorEnv>()
    .get('/invites', async (c) => c.json(await listInvites(db, parseQuery(c, inviteListQuerySchema))))
    .post('/invites', async (c) => {
      const { email } = await parseJson(c, inviteCreateSchema);
      return c.json(await inviteOne(invites, c.var.operator, email), 201);
    })
    .post('/invites/csv', async (c) => {
      const { csv } = await parseJson(c, inviteCsvSchema);
      return c.json(await inviteCsv(invites, c.var.operator, csv));
    })
    .post('/invites/:id/resend', async (c) => c.json(await resendInvite(invites, c.var.operator, idParam(c))))
    .post('/invites/:id/revoke', async (c) => c.json(await revokeInvite(db, c.var.operator, idParam(c))))
    .get('/users', async (c) => c.json(await listUsers(db, parseQuery(c, userListQuerySchema))))
    .post('/users/:id/suspend', async (c) => c.json(await suspendUser(db, c.var.operator, idParam(c))))
    .post('/users/:id/resume', async (c) => c.json(await resumeUser(db, c.var.operator, idParam(c))))
    .delete('/users/:id', async (c) => {
      const id = idParam(c);
      const { confirmEmail } = await parseJson(c, deleteUserSchema);
      return c.json(await deleteUser(db, c.var.operator, id, confirmEmail));
    })
    .get('/audit', async (c) => c.json(await listAudit(db, parseQuery(c, auditListQuerySchema))));
}

/** The console's API: every section behind the one operator check. */
export function adminRoutes(deps: AdminDeps, auth: Auth) {
  const app = new Hono<OperatorEnv>();
  app.use('*', requireOperator(deps.db, auth));
  app.route('/', peopleRoutes(deps));
  app.route('/', adminOpsRoutes(deps));
  return app;
}
