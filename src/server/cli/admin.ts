// Operator commands. Usage: npm run admin -- [--env <file>] <command> [args]
//   --env <file>                   the service's configuration (systemd's EnvironmentFile). Every
//                                  command acts on the database of the server running from the same
//                                  DATA_DIR, and refuses another one (server-environment.ts). Not
//                                  named --env-file: Node takes that, even after the script, for its
//                                  own and exits "not found" on a file it cannot read.
//   invite <email>                 invite a person; prints the registration link as the last line
//   list-invites                   list invites and their state
//   revoke-invite <email>          revoke that address's unused invites
//   create-user <email> [--first-name F] [--last-name L]
//                                  create the account and e-mail a set-password link (last line)
//   ai-usage [--days N]            AI runs and tokens per user and task over the last N days (30)
//   mail-log [--days N] [--user <email>] [--status pending|sent|failed|captured]
//                                  outgoing mail, newest first (at most 200), with its outcome
//   alert-runs [--days N] [--user <email>] [--status queued|running|prepared|succeeded|failed|skipped]
//                                  alert engine runs, newest first (at most 200), with outcome or reason
//   run-alerts [--user <email>]    run every active alert now (one user's, or everyone's), then
//                                  what else is due; hand their e-mails to SMTP; one line per run
//   grant-operator <email>         make that user an operator: they see the operator console (/admin)
//                                  on their next page; the only way to make one (never from the web)
//   revoke-operator <email>        make that operator a user again, at once (their next request)
//                                  Both are written to the console's audit log (actor 'cli').
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { emailSchema } from '../../shared/schemas.ts';
import { usageReport } from '../ai/usage.ts';
import { createInvite, listInvites, revokeInvites } from '../auth/invites.ts';
import { bootstrap, type Runtime } from '../bootstrap.ts';
import { ConfigError } from '../config.ts';
import { StartupError } from '../db/embedded.ts';
import { ALERT_RUN_STATUSES, users } from '../db/schema.ts';
import { recordAudit } from '../features/admin/audit.ts';
import { alertHandlers, createAlertDeps } from '../jobs/index.ts';
import { createAlertEngine } from '../jobs/runs/engine.ts';
import { cliRunFilter, runLog } from '../jobs/runs/log.ts';
import { runAlertsNow } from '../jobs/runs/run-now.ts';
import { errorMessage } from '../lib/log.ts';
import { inviteMail } from '../mail/account-emails.ts';
import { cliMailFilter, mailLog as mailLogRows } from '../mail/log.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { startOutboxSender } from '../mail/sender.ts';
import { serverEnvironment } from './server-environment.ts';

const USAGE = `Usage: npm run admin -- [--env <the service's environment file>] <command>
  invite <email>
  list-invites
  revoke-invite <email>
  create-user <email> [--first-name <name>] [--last-name <name>]
  ai-usage [--days <n>]
  mail-log [--days <n>] [--user <email>] [--status pending|sent|failed|captured]
  alert-runs [--days <n>] [--user <email>] [--status queued|running|prepared|succeeded|failed|skipped]
  run-alerts [--user <email>]
  grant-operator <email>
  revoke-operator <email>`;

class UsageError extends Error {}

/** Set/reset links by e-mail, as better-auth creates them (the mail itself is redacted once sent). */
const passwordLinks = new Map<string, string>();

/** The CLI's output is for the operator (the link is its last line), not a log: printed as is. */
// Control characters (from names users typed, or a model's subject) could drive the operator's terminal.
const print = (line: string) => process.stdout.write(`${line.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?')}\n`);

function parseEmail(value: string | undefined) {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new UsageError(`A valid e-mail address is required.\n${USAGE}`);
  return parsed.data;
}

/** Hands queued mail to SMTP (or captures it) now, so the command works without a running server. */
async function deliverMail(rt: Runtime) {
  const sender = await startOutboxSender({
    pool: rt.pool,
    databaseUrl: rt.databaseUrl,
    smtpUrl: rt.config.SMTP_URL,
    from: rt.config.MAIL_FROM,
    printCaptured: false,
  });
  await sender.drain();
  await sender.stop();
}

async function invite(rt: Runtime, email: string) {
  const [existing] = await rt.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new UsageError(`${email} already has an account.`);
  const { token, expiresAt } = await createInvite(rt.db, email, rt.config.INVITE_TTL_HOURS, { sent: true });
  const link = `${rt.config.appUrl}/invite-only?token=${encodeURIComponent(token)}`;
  await enqueueMail(rt.db, await inviteMail(email, link, expiresAt));
  await deliverMail(rt);
  print(`Invited ${email}; the invite expires ${expiresAt.toISOString()} and works once.`);
  print(link);
}

/** grant-operator / revoke-operator: the role and its audit row in one transaction. */
async function setRole(rt: Runtime, email: string, role: 'user' | 'operator') {
  const changed = await rt.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .for('update');
    if (!user) throw new UsageError(`No account for ${email}.`);
    if (user.role === role) return false;
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actor: 'cli',
      action: role === 'operator' ? 'operator.grant' : 'operator.revoke',
      subject: email,
      detail: { userId: user.id },
    });
    return true;
  });
  if (role === 'operator')
    print(
      changed ? `${email} is now an operator: the operator console is at ${rt.config.appUrl}/admin.` : `${email} is already an operator.`,
    );
  else print(changed ? `${email} is no longer an operator.` : `${email} is not an operator.`);
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

// ── Operator logs: outgoing mail and alert runs (issue 5) ──────────────────────────────────────────
const LOG_LIMIT = 200;
const MAIL_STATUSES = ['pending', 'sent', 'failed', 'captured'] as const;
type LogFilter = { days: number; user: string | null; status: string | null };

/** One line, at most `max` characters: the log's columns never break across lines. */
const cell = (value: string | null | undefined, max: number) => {
  const line = (value ?? '-').replace(/\s+/g, ' ').trim() || '-';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
const time = (value: Date | null) => (value ? value.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-');

function logFilter(values: { days: number; user?: string; status?: string }, statuses: readonly string[]): LogFilter {
  if (values.status !== undefined && !statuses.includes(values.status))
    throw new UsageError(`--status must be one of ${statuses.join(', ')}.\n${USAGE}`);
  return { days: values.days, user: values.user === undefined ? null : parseEmail(values.user), status: values.status ?? null };
}

function printLimitNote(count: number) {
  if (count > LOG_LIMIT) print(`(the newest ${LOG_LIMIT} shown; narrow with --days, --user or --status)`);
}

/** Attempts whose outcome is unknown: the server may have taken the message, so a later one may have delivered it again. */
const possibleDuplicate = (n: number) =>
  `POSSIBLE DUPLICATE: ${n === 1 ? '1 attempt' : `${n} attempts`} lost the connection before the server answered (same Message-ID on every attempt)`;

/** Outgoing mail, newest first: a user's alert mails (user_id) and the mails sent to their address. */
async function mailLog(rt: Runtime, f: LogFilter) {
  const rows = await mailLogRows(rt.db, cliMailFilter(f), { limit: LOG_LIMIT + 1 });
  if (rows.length === 0)
    print(`No mail in the last ${f.days} days${f.user ? ` for ${f.user}` : ''}${f.status ? ` with status ${f.status}` : ''}.`);
  for (const r of rows.slice(0, LOG_LIMIT))
    print(
      [
        time(r.createdAt),
        cell(r.kind, 18).padEnd(18),
        cell(r.toAddress, 40).padEnd(40),
        r.status.padEnd(8),
        `${r.attempts}x`.padStart(3),
        `sent ${time(r.sentAt)}`.padEnd(25),
        `error: ${cell(r.lastError, 60)}`.padEnd(67),
        cell(r.subject, 70),
        ...(r.unknownOutcomeAttempts > 0 ? [possibleDuplicate(r.unknownOutcomeAttempts)] : []),
      ].join('  '),
    );
  printLimitNote(rows.length);
}

/** The alert engine's ledger, newest first: one line per (kind, alert, slot). */
async function alertRunLog(rt: Runtime, f: LogFilter) {
  const rows = await runLog(rt.db, cliRunFilter(f), { limit: LOG_LIMIT + 1 });
  if (rows.length === 0)
    print(`No alert runs in the last ${f.days} days${f.user ? ` for ${f.user}` : ''}${f.status ? ` with status ${f.status}` : ''}.`);
  for (const r of rows.slice(0, LOG_LIMIT)) {
    const what = r.status === 'failed' || r.status === 'skipped' ? (r.reason ?? r.outcome) : (r.outcome ?? r.reason);
    print(
      [
        time(r.createdAt),
        r.kind.padEnd(17),
        cell(r.userEmail, 40).padEnd(40),
        cell(r.slot, 31).padEnd(31),
        r.status.padEnd(9),
        `${r.attempts}x`.padStart(3),
        cell(what, 100),
      ].join('  '),
    );
  }
  printLimitNote(rows.length);
}
// ── end of operator logs ───────────────────────────────────────────────────────────────────────────

/** Runs alerts now, in this process, through the same engine as the workers (exactly once per slot). */
async function runAlerts(rt: Runtime, email: string | null) {
  let userId: string | null = null;
  if (email) {
    const [user] = await rt.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new UsageError(`No account for ${email}.`);
    userId = user.id;
  }
  const engine = createAlertEngine({ ...createAlertDeps(rt), handlers: alertHandlers });
  const reports = await runAlertsNow({
    db: rt.db,
    engine,
    userId,
    concurrency: rt.config.ALERT_CONCURRENCY,
    maxAttempts: rt.config.ALERT_MAX_ATTEMPTS,
    retryDelaySeconds: rt.config.ALERT_RETRY_DELAY_SECONDS,
    onRun: ({ kind, email: to, company, result }) => {
      const detail = result.status === 'succeeded' ? result.outcome : 'reason' in result ? result.reason : '';
      print(`${to.padEnd(36)} ${kind.padEnd(18)} ${company.slice(0, 30).padEnd(30)} ${result.status.padEnd(10)} ${detail}`);
    },
  });
  await deliverMail(rt);
  const mails = reports.filter((r) => r.result.status === 'succeeded' && r.result.mailId).length;
  print(
    reports.length === 0 ? 'No active alerts to run.' : `${reports.length} run(s), ${mails} e-mail(s) sent; see mail-log for delivery.`,
  );
}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      days: { type: 'string', default: '30' },
      user: { type: 'string' },
      status: { type: 'string' },
      env: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg] = positionals;
  if (!command || values.help) {
    print(USAGE);
    return;
  }
  if (
    ![
      'invite',
      'list-invites',
      'revoke-invite',
      'create-user',
      'ai-usage',
      'mail-log',
      'alert-runs',
      'run-alerts',
      'grant-operator',
      'revoke-operator',
    ].includes(command)
  )
    throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  const email = ['list-invites', 'ai-usage', 'mail-log', 'alert-runs', 'run-alerts'].includes(command) ? '' : parseEmail(arg);
  const runFor = command === 'run-alerts' && values.user !== undefined ? parseEmail(values.user) : null;
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new UsageError(`--days must be a whole number from 1 to 3650.\n${USAGE}`);
  const filter =
    command === 'mail-log' || command === 'alert-runs'
      ? logFilter({ days, user: values.user, status: values.status }, command === 'mail-log' ? MAIL_STATUSES : ALERT_RUN_STATUSES)
      : null;

  const env = await serverEnvironment(process.env, values.env);
  const rt = await bootstrap({ LOG_LEVEL: 'warn', ...env }, { onPasswordLink: (email, url) => passwordLinks.set(email, url) });
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
    if (command === 'run-alerts') await runAlerts(rt, runFor);
    if (command === 'grant-operator') await setRole(rt, email, 'operator');
    if (command === 'revoke-operator') await setRole(rt, email, 'user');
    if (command === 'mail-log') await mailLog(rt, filter!);
    if (command === 'alert-runs') await alertRunLog(rt, filter!);
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
