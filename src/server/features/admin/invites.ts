// The console's invites (issue 28 §3): one address or a CSV of them, the list with each invite's
// status, resend (a new token: the old link stops working) and revoke. Every change, its mail and
// its audit row commit in one transaction. Creating takes a transaction-wide lock, so two operators
// (or two tabs) inviting the same address at once make one invite, not two.
import { and, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_PAGE_SIZE,
  type AdminInvite,
  type AdminPage,
  adminMessages,
  type CsvInviteReport,
  type CsvLineResult,
  INVITE_CSV_MAX_LINES,
  type InviteStatus,
} from '../../../shared/admin.ts';
import { messages } from '../../../shared/messages.ts';
import { emailSchema } from '../../../shared/schemas.ts';
import { createInvite, renewInvite } from '../../auth/invites.ts';
import type { Database } from '../../db/client.ts';
import { invites, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { inviteMail } from '../../mail/account-emails.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { recordAudit } from './audit.ts';
import type { Operator } from './operator.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type InviteDeps = { db: Database; appUrl: string; ttlHours: number };

const statusOf = sql<InviteStatus>`(case when ${invites.usedAt} is not null then 'used'
  when ${invites.revokedAt} is not null then 'revoked'
  when ${invites.expiresAt} <= now() then 'expired' else 'sent' end)`;

/** `%text%` for ILIKE, with the pattern characters the operator typed taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listInvites(
  db: Database,
  query: { q?: string; status?: InviteStatus; page?: number },
): Promise<AdminPage<AdminInvite>> {
  const page = query.page ?? 1;
  const where = and(
    query.q ? ilike(invites.email, containing(query.q)) : undefined,
    query.status ? sql`${statusOf} = ${query.status}` : undefined,
  );
  const creator = alias(users, 'creator');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: invites.id,
        email: invites.email,
        status: statusOf,
        createdAt: invites.createdAt,
        expiresAt: invites.expiresAt,
        sentAt: invites.sentAt,
        usedAt: invites.usedAt,
        revokedAt: invites.revokedAt,
        createdBy: creator.email,
      })
      .from(invites)
      .leftJoin(creator, eq(creator.id, invites.createdBy))
      .where(where)
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(invites).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      sentAt: iso(r.sentAt),
      usedAt: iso(r.usedAt),
      revokedAt: iso(r.revokedAt),
    })),
    total: total?.n ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** One lock for every console invite: creating is rare, and the check-then-insert must not race. */
const lockInvites = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('eos:admin-invites'))`);

/** Why each of these addresses cannot be invited now: an account, or an open invite. */
async function refusals(tx: Tx, emails: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (emails.length === 0) return found;
  const [taken, open] = await Promise.all([
    tx
      .select({ email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails)),
    tx
      .select({ email: invites.email })
      .from(invites)
      .where(and(inArray(invites.email, emails), isNull(invites.usedAt), isNull(invites.revokedAt), sql`${invites.expiresAt} > now()`)),
  ]);
  for (const { email } of open) found.set(email.toLowerCase(), adminMessages.alreadyInvited);
  for (const { email } of taken) found.set(email.toLowerCase(), adminMessages.alreadyUser);
  return found;
}

async function inviteIn(tx: Tx, deps: InviteDeps, operator: Operator, email: string, source: 'single' | 'csv') {
  const { id, token, expiresAt } = await createInvite(tx, email, deps.ttlHours, { sent: true, createdBy: operator.id });
  await enqueueMail(tx, await inviteMail(email, inviteLink(deps, token), expiresAt));
  await recordAudit(tx, { actor: operator, action: 'invite.create', subject: email, detail: { inviteId: id, source } });
  return id;
}

const inviteLink = (deps: InviteDeps, token: string) => `${deps.appUrl}/invite-only?token=${encodeURIComponent(token)}`;

export async function inviteOne(deps: InviteDeps, operator: Operator, email: string): Promise<{ id: string; email: string }> {
  return deps.db.transaction(async (tx) => {
    await lockInvites(tx);
    const refused = (await refusals(tx, [email])).get(email);
    if (refused === adminMessages.alreadyUser) throw new AppError('user_exists', `${email}: ${refused}.`);
    if (refused) throw new AppError('invite_pending', `${email}: ${refused}.`);
    return { id: await inviteIn(tx, deps, operator, email, 'single'), email };
  });
}

/**
 * The addresses of a CSV: the first cell of each line (quotes and spaces around it removed), blank
 * lines left out, and a first line that is a header ("email", "e-mail", "address") too.
 */
export function csvAddresses(csv: string): { line: number; value: string }[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cells = lines.map((text, i) => ({
    line: i + 1,
    value: (text.split(/[,;\t]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  }));
  return cells.filter((c, i) => c.value !== '' && !(i === 0 && /^(e-?mail|email address|address)$/i.test(c.value)));
}

export async function inviteCsv(deps: InviteDeps, operator: Operator, csv: string): Promise<CsvInviteReport> {
  const entries = csvAddresses(csv);
  if (entries.length === 0) throw new AppError('validation', adminMessages.csvEmpty, { fields: { csv: adminMessages.csvEmpty } });
  if (entries.length > INVITE_CSV_MAX_LINES)
    throw new AppError('validation', adminMessages.csvTooLong, { fields: { csv: adminMessages.csvTooLong } });
  const parsed = entries.map((e) => ({ ...e, email: emailSchema.safeParse(e.value) }));
  return deps.db.transaction(async (tx) => {
    await lockInvites(tx);
    const valid = parsed.flatMap((p) => (p.email.success ? [p.email.data] : []));
    const refused = await refusals(tx, [...new Set(valid)]);
    const seen = new Set<string>();
    const lines: CsvLineResult[] = [];
    for (const entry of parsed) {
      const skip = (reason: string, email = entry.value): CsvLineResult => ({ line: entry.line, email, outcome: 'skipped', reason });
      if (!entry.email.success) {
        lines.push(skip(adminMessages.invalidAddress));
        continue;
      }
      const email = entry.email.data;
      if (seen.has(email)) lines.push(skip(adminMessages.duplicateLine, email));
      else if (refused.has(email)) lines.push(skip(refused.get(email)!, email));
      else {
        await inviteIn(tx, deps, operator, email, 'csv');
        lines.push({ line: entry.line, email, outcome: 'created' });
      }
      seen.add(email);
    }
    const created = lines.filter((l) => l.outcome === 'created').length;
    return { created, skipped: lines.length - created, lines };
  });
}

async function inviteForUpdate(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: invites.id, email: invites.email, usedAt: invites.usedAt, revokedAt: invites.revokedAt })
    .from(invites)
    .where(eq(invites.id, id))
    .for('update');
  if (!row) throw new AppError('not_found', messages.errors.notFound);
  if (row.usedAt || row.revokedAt) throw new AppError('invite_closed', adminMessages.inviteClosed);
  return row;
}

/** A new link by mail; the one sent before stops working. An expired invite is renewed too. */
export async function resendInvite(deps: InviteDeps, operator: Operator, id: string) {
  return deps.db.transaction(async (tx) => {
    const invite = await inviteForUpdate(tx, id);
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, invite.email));
    if (user) throw new AppError('user_exists', `${invite.email}: ${adminMessages.alreadyUser}.`);
    const renewed = await renewInvite(tx, id, deps.ttlHours);
    if (!renewed) throw new AppError('invite_closed', adminMessages.inviteClosed);
    await enqueueMail(tx, await inviteMail(renewed.email, inviteLink(deps, renewed.token), renewed.expiresAt));
    await recordAudit(tx, { actor: operator, action: 'invite.resend', subject: renewed.email, detail: { inviteId: id } });
    return { id, email: renewed.email };
  });
}

export async function revokeInvite(db: Database, operator: Operator, id: string) {
  return db.transaction(async (tx) => {
    const invite = await inviteForUpdate(tx, id);
    await tx.update(invites).set({ revokedAt: sql`now()` }).where(eq(invites.id, id));
    await recordAudit(tx, { actor: operator, action: 'invite.revoke', subject: invite.email, detail: { inviteId: id } });
    return { id, email: invite.email };
  });
}
