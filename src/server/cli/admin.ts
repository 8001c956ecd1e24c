// Operator commands. Usage: npm run admin -- <command> [args]
//   invite <email>                 invite a person; prints the registration link as the last line
//   list-invites                   list invites and their state
//   revoke-invite <email>          revoke that address's unused invites
//   create-user <email> [--first-name F] [--last-name L]
//                                  create the account and e-mail a set-password link (last line)
//   ai-usage [--days N]            AI runs and tokens per user and task over the last N days (30)
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { emailSchema } from '../../shared/schemas.ts';
import { usageReport } from '../ai/usage.ts';
import { createInvite, listInvites, revokeInvites } from '../auth/invites.ts';
import { bootstrap, type Runtime } from '../bootstrap.ts';
import { ConfigError } from '../config.ts';
import { StartupError } from '../db/embedded.ts';
import { users } from '../db/schema.ts';
import { errorMessage } from '../lib/log.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { startOutboxSender } from '../mail/sender.ts';
import { inviteMail } from '../mail/templates.ts';

const USAGE = `Usage: npm run admin -- <command>
  invite <email>
  list-invites
  revoke-invite <email>
  create-user <email> [--first-name <name>] [--last-name <name>]
  ai-usage [--days <n>]`;

class UsageError extends Error {}

/** Set/reset links by e-mail, as better-auth creates them (the mail itself is redacted once sent). */
const passwordLinks = new Map<string, string>();

/** The CLI's output is for the operator (the link is its last line), not a log: printed as is. */
const print = (line: string) => process.stdout.write(`${line}\n`);

function parseEmail(value: string | undefined) {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new UsageError(`A valid e-mail address is required.\n${USAGE}`);
  return parsed.data;
}

/** Hands queued mail to SMTP (or captures it) now, so the command works without a running server. */
async function deliverMail(rt: Runtime) {
  const sender = await startOutboxSender({ pool: rt.pool, smtpUrl: rt.config.SMTP_URL, from: rt.config.MAIL_FROM, printCaptured: false });
  await sender.drain();
  await sender.stop();
}

async function invite(rt: Runtime, email: string) {
  const [existing] = await rt.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new UsageError(`${email} already has an account.`);
  const { token, expiresAt } = await createInvite(rt.db, email, rt.config.INVITE_TTL_HOURS);
  const link = `${rt.config.appUrl}/invite-only?token=${encodeURIComponent(token)}`;
  await enqueueMail(rt.db, inviteMail(email, link, expiresAt));
  await deliverMail(rt);
  print(`Invited ${email}; the invite expires ${expiresAt.toISOString()} and works once.`);
  print(link);
}

async function createUser(rt: Runtime, email: string, firstName?: string, lastName?: string) {
  const [existing] = await rt.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new UsageError(`${email} already has an account.`);
  await createInvite(rt.db, email, 1); // spent at once by the creation below: every account needs one
  const ctx = await rt.auth.$context;
  await ctx.internalAdapter.createUser(
    {
      email,
      name: [firstName, lastName].filter(Boolean).join(' '),
      emailVerified: true,
      firstName: firstName ?? null,
      lastName: lastName ?? null,
    },
    { method: 'admin' },
  );
  await rt.auth.api.requestPasswordReset({ body: { email } });
  await deliverMail(rt);
  const link = passwordLinks.get(email);
  if (!link) throw new Error('The set-password mail was not created.');
  print(`Created ${email}; a set-password link was e-mailed (valid 24 hours).`);
  print(link);
}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      days: { type: 'string', default: '30' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg] = positionals;
  if (!command || values.help) {
    print(USAGE);
    return;
  }
  if (!['invite', 'list-invites', 'revoke-invite', 'create-user', 'ai-usage'].includes(command))
    throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  const email = command === 'list-invites' || command === 'ai-usage' ? '' : parseEmail(arg);
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError(`--days must be a whole number from 1 to 3650.\n${USAGE}`);

  const rt = await bootstrap({ LOG_LEVEL: 'warn', ...process.env }, { onPasswordLink: (email, url) => passwordLinks.set(email, url) });
  try {
    if (command === 'invite') await invite(rt, email);
    if (command === 'create-user') await createUser(rt, email, values['first-name'], values['last-name']);
    if (command === 'revoke-invite') print(`Revoked ${await revokeInvites(rt.db, email)} unused invite(s) for ${email}.`);
    if (command === 'ai-usage') {
      const lines = await usageReport(rt.db, days);
      if (lines.length === 0) print(`No AI runs in the last ${days} days.`);
      for (const l of lines)
        print(
          `${l.email.padEnd(40)} ${l.task.padEnd(14)} ${String(l.runs).padStart(6)} runs ${String(l.failed).padStart(5)} failed ${String(l.inputTokens).padStart(10)} in ${String(l.outputTokens).padStart(9)} out`,
        );
    }
    if (command === 'list-invites') {
      const rows = await listInvites(rt.db);
      if (rows.length === 0) print('No invites yet.');
      for (const r of rows) {
        const state = r.usedAt ? 'used' : r.revokedAt ? 'revoked' : r.expiresAt < new Date() ? 'expired' : 'open';
        print(`${r.email.padEnd(40)} ${state.padEnd(8)} created ${r.createdAt.toISOString()}  expires ${r.expiresAt.toISOString()}`);
      }
    }
  } finally {
    await rt.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  const known = err instanceof UsageError || err instanceof ConfigError || err instanceof StartupError;
  console.error(known ? err.message : `admin: ${errorMessage(err)}`);
  process.exit(known ? 2 : 1);
});
