// Invites are the only way in (spec 01 §1): issued by the operator, single use, expiring,
// stored as a hash of their token. better-auth's user-create hook consumes one for every new user.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { invites } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const usable = () => and(isNull(invites.usedAt), isNull(invites.revokedAt), gt(invites.expiresAt, sql`now()`));

/**
 * A new invite. `sent`: its mail goes out with it (sentAt is set); `createdBy`: the operator who made
 * it in the console (none from the CLI).
 */
export async function createInvite(db: Executor, email: string, ttlHours: number, opts: { sent?: boolean; createdBy?: string } = {}) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  const [row] = await db
    .insert(invites)
    .values({
      email: email.toLowerCase(),
      tokenHash: hashToken(token),
      expiresAt,
      sentAt: opts.sent ? sql`now()` : null,
      createdBy: opts.createdBy ?? null,
    })
    .returning({ id: invites.id });
  return { id: row!.id, token, expiresAt };
}

/**
 * A resend: the invite gets a new token (the old link stops working: only the hash of the newest is
 * kept), a fresh expiry and sentAt now. Only an unused, unrevoked invite; returns null otherwise.
 */
export async function renewInvite(db: Executor, id: string, ttlHours: number) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  const [row] = await db
    .update(invites)
    .set({ tokenHash: hashToken(token), expiresAt, sentAt: sql`now()` })
    .where(and(eq(invites.id, id), isNull(invites.usedAt), isNull(invites.revokedAt)))
    .returning({ email: invites.email });
  return row ? { email: row.email, token, expiresAt } : null;
}

/** True when the token is a usable invite issued to exactly this e-mail. */
export async function isInviteValidFor(db: Executor, token: string, email: string) {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.tokenHash, hashToken(token)), eq(invites.email, email.toLowerCase()), usable()));
  return Boolean(row);
}

/** The address a usable invite was issued to (the registration form shows it), or null. */
export async function invitedEmail(db: Executor, token: string) {
  const [row] = await db
    .select({ email: invites.email })
    .from(invites)
    .where(and(eq(invites.tokenHash, hashToken(token)), usable()));
  return row?.email ?? null;
}

/** Marks this e-mail's newest usable invite used; false when it has none. Atomic under concurrency. */
export async function consumeInvite(db: Executor, email: string) {
  const rows = await db
    .update(invites)
    .set({ usedAt: sql`now()` })
    .where(
      eq(
        invites.id,
        sql`(select id from ${invites} where ${invites.email} = ${email.toLowerCase()} and ${invites.usedAt} is null
              and ${invites.revokedAt} is null and ${invites.expiresAt} > now()
              order by ${invites.createdAt} desc limit 1 for update skip locked)`,
      ),
    )
    .returning({ id: invites.id });
  return rows.length > 0;
}

export async function listInvites(db: Executor) {
  return db.select().from(invites).orderBy(desc(invites.createdAt));
}

export async function revokeInvites(db: Executor, email: string) {
  const rows = await db
    .update(invites)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invites.email, email.toLowerCase()), isNull(invites.usedAt), isNull(invites.revokedAt)))
    .returning({ id: invites.id });
  return rows.length;
}
