// The security log (issue 30 §7) and the security e-mails (§4): every sign-in, failure and change
// of a factor is a row of security_events; the ones a user must hear about are also e-mailed, to the
// account's own address (not the alerts address), queued in the same transaction as the row.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { SecurityEventKind, SignInMethod } from '../../shared/security-log.ts';
import type { Database } from '../db/client.ts';
import { knownDevices, securityEvents, users } from '../db/schema.ts';
import { log } from '../lib/log.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { isMailedSecurityEvent, newSignInMail, type SecurityMailFacts, securityEventMail } from '../mail/security-emails.ts';

type EventBase = {
  userId: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** What else the event says (a passkey's `name`); never a secret. */
  detail?: Record<string, string>;
};

/**
 * One event of the user's security log. `appUrl`, the app's public address, gives the e-mailed kinds
 * (MAILED_SECURITY_EVENTS) their links: without it such an event is logged but not mailed, and the
 * omission is logged as an error.
 */
export type SecurityEventInput = EventBase & { kind: SecurityEventKind; appUrl?: string };

/** The long-lived cookie that names a browser, so a sign-in from a new one can be told. */
export const DEVICE_COOKIE = 'eos_device';
/** Its lifetime: the longest browsers keep a cookie (RFC 6265bis caps Max-Age at 400 days). */
const DEVICE_COOKIE_DAYS = 400;
/** 32 random bytes, base64url: anything else in the cookie is ignored and replaced. */
const DEVICE_COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

const hashDevice = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function ownerEmail(tx: Transaction, userId: string): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Records one event of the user's security log, and e-mails the owner when its kind is mailed. */
export async function recordSecurityEvent(db: Database, event: SecurityEventInput): Promise<void> {
  const row = {
    userId: event.userId,
    kind: event.kind,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    detail: event.detail ?? {},
    createdAt: new Date(),
  };
  const { appUrl } = event;
  // Most events (failures, sign-ins) are logged only: one statement, no transaction.
  if (!isMailedSecurityEvent(event.kind) || !appUrl) {
    await db.insert(securityEvents).values(row);
    if (isMailedSecurityEvent(event.kind)) noAppUrl(event.kind);
    return;
  }
  const kind = event.kind;
  await db.transaction(async (tx) => {
    await tx.insert(securityEvents).values(row);
    const to = await ownerEmail(tx, event.userId);
    if (to) await enqueueMail(tx, await securityEventMail(kind, { ...facts(event, row.createdAt, appUrl), to }, row.detail));
  });
}

/** A caller that passed no app address: the owner cannot be told, and the operator must hear of it. */
const noAppUrl = (kind: string) => log.error('security e-mail not sent: the caller passed no appUrl', { kind });

const facts = (event: EventBase, at: Date, appUrl: string): Omit<SecurityMailFacts, 'to'> => ({
  userId: event.userId,
  at,
  ipAddress: event.ipAddress,
  userAgent: event.userAgent,
  appUrl,
});

export type SignInInput = Omit<EventBase, 'detail'> & {
  method: SignInMethod;
  /** The request's device cookie (DEVICE_COOKIE), if it sent one. */
  deviceCookie: string | undefined;
  /** The app's public address, for the new-device e-mail's links (without it that mail is not sent, and an error logged). */
  appUrl?: string;
  /** The device cookie's Secure flag; unless told, set when appUrl is https (production). */
  secureCookie?: boolean;
};

/**
 * A completed sign-in (every factor asked for was given): recorded, and, when it comes from a
 * device this user has not signed in from before, e-mailed — except on the user's very first
 * sign-in, which has no earlier device to compare with. `deviceCookie` is the request's device
 * cookie; the answer's Set-Cookie header names the device from now on (the same value renewed for
 * another 400 days, or a new one when the request had none).
 */
export async function recordSignIn(db: Database, event: SignInInput): Promise<{ setCookie: string | null }> {
  const cookie =
    event.deviceCookie && DEVICE_COOKIE_VALUE.test(event.deviceCookie) ? event.deviceCookie : randomBytes(32).toString('base64url');
  const deviceHash = hashDevice(cookie);
  const at = new Date();
  await db.transaction(async (tx) => {
    // One row per (user, device): of two sign-ins racing from one new device, one inserts it and mails.
    const [device] = await tx
      .insert(knownDevices)
      .values({ userId: event.userId, deviceHash, firstSeenAt: at, lastSeenAt: at })
      .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: at } })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    const newDevice = device?.inserted === true;
    const [earlier] = newDevice
      ? await tx
          .select({ hash: knownDevices.deviceHash })
          .from(knownDevices)
          .where(and(eq(knownDevices.userId, event.userId), ne(knownDevices.deviceHash, deviceHash)))
          .limit(1)
      : [];
    await tx.insert(securityEvents).values({
      userId: event.userId,
      kind: 'sign_in',
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      detail: { method: event.method, ...(newDevice ? { newDevice: 'true' } : {}) },
      createdAt: at,
    });
    if (!newDevice || !earlier) return;
    if (!event.appUrl) return noAppUrl('new-device sign-in');
    // Rendered inside the transaction, only when it goes (a new device is rare): row and mail commit together.
    const to = await ownerEmail(tx, event.userId);
    if (to) await enqueueMail(tx, await newSignInMail({ ...facts(event, at, event.appUrl), to }, event.method));
  });
  const secure = event.secureCookie ?? event.appUrl?.startsWith('https:') === true;
  const setCookie = [
    `${DEVICE_COOKIE}=${cookie}`,
    'Path=/',
    `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
  return { setCookie };
}
