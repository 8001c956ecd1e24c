// One user's trigger (issue 31): a run of kind 'trigger' for one event (alert_id) and one user. It
// finds which of the user's alerts still want the event (an alert switched off or a kind unticked
// since the poll sends nothing), asks the model for one sentence on why it matters to the seller's
// solution, checks that sentence against the source's text (a factual sentence the source does not
// support is dropped, and the message says so), and returns the e-mail, the library item and the
// alerts whose channels get it. The engine commits them once (engine.ts).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import type { AlertType } from '../../../shared/channels.ts';
import { type LibraryBlock, type StatementCount, statementCountLabel } from '../../../shared/library.ts';
import { type FreshnessReceipt, freshnessLine, type TriggerKind } from '../../../shared/triggers.ts';
import { mailText } from '../../ai/grounding.ts';
import { numberedDocuments } from '../../ai/statements.ts';
import { readTriggerSettings } from '../../db/trigger-settings.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import { renderTriggerEmail, renderTriggerRollupEmail } from '../../mail/alert-emails/index.ts';
import { triggerAlertsSubject } from '../../mail/unsubscribe-token.ts';
import { checkText } from '../runs/statements.ts';
import {
  type AlertDeps,
  type AlertHandler,
  AlertRetryLater,
  type AlertRun,
  AlertSkip,
  type DbExecutor,
  type RunStep,
} from '../runs/types.ts';
import { earningsAlertOwners } from './earnings-poll.ts';
import { claimRollUpMembers, decideHold, finishRollUpMembers, rollUpLeader } from './policy.ts';
import { companyKeyOf, loadWatchers, type Watcher, watchedCiks, watchKey } from './watch.ts';

type TriggerEvent = {
  id: string;
  companyKey: string;
  cik: string | null;
  companyName: string;
  kinds: TriggerKind[];
  title: string;
  summary: string;
  source: { url: string; title: string; publisher: string; text: string; urlKey?: string; titleKey?: string };
  publishedAt: string | null;
  foundAt: string;
  eventKey: string;
};

const ALERT_NAMES: Record<AlertType, string> = { news: 'news alert', newsletter: 'newsletter', earnings: 'earnings alert' };

export const AI_NOT_CONFIGURED_NOTE = 'No “why it matters” line: AI is not configured on this server.';
export const WHY_DROPPED_NOTE = 'The “why it matters” line was left out: the source does not support it.';

const whyOutput = z.object({
  sentence: z.string().describe('One sentence, at most 40 words. End a sentence that states a fact from the document with [1].'),
});

const SYSTEM = [
  'You help a B2B seller act on a trigger event at an account they watch.',
  'Write ONE sentence on why this event matters to the seller, given what they sell.',
  'Any fact about the company must come from the document and the sentence must then end with [1].',
  'Do not invent names, figures or reasons the document does not give; if it gives none, say what to ask or do, without facts.',
].join(' ');

async function loadEvent(deps: Pick<AlertDeps, 'db'>, id: string): Promise<TriggerEvent | null> {
  const { rows } = await deps.db.execute<{
    id: string;
    company_key: string;
    cik: string | null;
    company_name: string;
    kinds: TriggerKind[];
    title: string;
    summary: string;
    source: TriggerEvent['source'];
    published_at: Date | string | null;
    found_at: Date | string;
    event_key: string;
  }>(sql`select id, company_key, cik, company_name, kinds, title, summary, source, published_at, found_at, event_key
           from trigger_events where id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    companyKey: row.company_key,
    cik: row.cik,
    companyName: row.company_name,
    kinds: row.kinds,
    title: row.title,
    summary: row.summary,
    source: row.source,
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
    foundAt: new Date(row.found_at).toISOString(),
    eventKey: row.event_key,
  };
}

type Why = { sentence: string | null; note: string | null; statements: StatementCount | null };

async function whyItMatters(deps: AlertDeps, run: AlertRun, event: TriggerEvent, signal: AbortSignal): Promise<Why> {
  if (!deps.ai.configured) return { sentence: null, note: AI_NOT_CONFIGURED_NOTE, statements: null };
  const { rows } = await deps.db.execute<{ solution_type: string | null; solution_description: string | null }>(
    sql`select solution_type, solution_description from users where id = ${run.userId}`,
  );
  const seller = [rows[0]?.solution_type, rows[0]?.solution_description].filter((s) => s?.trim()).join(': ') || 'not stated';
  // One answer per event and solution, shared by every user who sells the same (ADR 032): kept in the
  // event's row across workers, and in flight within this process.
  const key = createHash('sha256').update(seller).digest('base64url').slice(0, 22);
  const { rows: kept } = await deps.db.execute<{ why: Why | null }>(
    sql`select why -> ${key} as why from trigger_events where id = ${event.id}`,
  );
  if (kept[0]?.why) return kept[0].why;
  const flight = `${event.id}|${key}`;
  let answer = inFlight.get(flight);
  if (!answer) {
    answer = writeWhy(deps, run, event, seller, signal).then(async (why) => {
      await deps.db.execute(
        sql`update trigger_events set why = why || jsonb_build_object(${key}::text, ${JSON.stringify(why)}::jsonb) where id = ${event.id}`,
      );
      return why;
    });
    inFlight.set(flight, answer);
    void answer.catch(() => {}).finally(() => inFlight.delete(flight));
  }
  return answer;
}

/**
 * A story told as a trigger is not told again in the user's scheduled news alert or newsletter: it
 * is claimed as sent (sent_articles, what their scans drop), in the commit that tells it.
 */
async function claimStories(tx: DbExecutor, userId: string, events: TriggerEvent[]) {
  for (const { source } of events) {
    if (!source.urlKey) continue;
    await tx.execute(sql`
      insert into sent_articles (user_id, url_key, title_key) values (${userId}, ${source.urlKey}, ${source.titleKey ?? ''})
      on conflict (user_id, url_key) do nothing`);
  }
}

/** The model's answers being written in this process, by event and solution. */
const inFlight = new Map<string, Promise<Why>>();

async function writeWhy(deps: AlertDeps, run: AlertRun, event: TriggerEvent, seller: string, signal: AbortSignal): Promise<Why> {
  const document = {
    url: event.source.url,
    title: event.source.title,
    publisher: event.source.publisher,
    publishedAt: event.publishedAt,
    text: event.source.text,
  };
  const { output } = await deps.ai.run(
    run.userId,
    'trigger',
    (ai) =>
      ai.generate({
        schema: whyOutput,
        system: SYSTEM,
        prompt: [
          `What the seller sells: ${seller}`,
          `The event: ${event.title}`,
          `Document [1] (${event.source.publisher}, ${event.source.title}):`,
          event.source.text,
        ].join('\n\n'),
        signal,
        maxOutputTokens: 300,
      }),
    { background: true, signal },
  );
  const checked = checkText(numberedDocuments([document]), output.sentence, [1]);
  const sentence = mailText(checked.text);
  if (checked.unsupported || !sentence) return { sentence: null, note: WHY_DROPPED_NOTE, statements: checked.count };
  return { sentence, note: checked.count.dropped > 0 ? WHY_DROPPED_NOTE : null, statements: checked.count };
}

/** "your news alert for Acme and your newsletter": which alerts asked for it. */
function reasonOf(alerts: Watcher[], company: string): string {
  const names = [...new Set(alerts.map((a) => a.alertType))].map((type) =>
    type === 'newsletter' ? 'your newsletter' : `your ${ALERT_NAMES[type]} for ${company}`,
  );
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
}

const publishedVerbOf = (event: TriggerEvent) => (event.eventKey.startsWith('sec:') ? 'Filed with the SEC' : 'Published');

function libraryEntry(event: TriggerEvent, why: Why, receipt: FreshnessReceipt): LibraryEntry {
  const blocks: LibraryBlock[] = [
    { type: 'paragraph', text: event.summary },
    ...(why.sentence ? [{ type: 'paragraph' as const, text: `Why it matters: ${why.sentence}` }] : []),
    ...(why.note ? [{ type: 'note' as const, text: why.note }] : []),
    {
      type: 'facts',
      rows: [
        { label: 'Company', value: event.companyName },
        { label: 'Source', value: `${event.source.publisher}: ${event.source.title}`, sourceUrl: event.source.url },
        { label: 'Freshness', value: freshnessLine(receipt, publishedVerbOf(event)) },
      ],
    },
    { type: 'link', label: `Source: ${new URL(event.source.url).host}`, url: event.source.url },
  ];
  return {
    kind: 'trigger_event',
    title: event.title,
    companies: [event.companyName],
    blocks,
    sources: [{ url: event.source.url, title: event.source.title, publisher: event.source.publisher, publishedAt: event.publishedAt }],
    ...(why.statements ? { statements: why.statements } : {}),
  };
}

const HOLD_NOTES: Record<'quiet' | 'cap', string> = {
  quiet: 'Held during your quiet hours; sent when they ended.',
  cap: 'Beyond your daily limit of messages; sent with the rest of the day.',
};
/** A released trigger that is not the first of its group waits this long for the first to take it into the roll-up. */
const FOLLOWER_WAIT_MS = 20_000;

/**
 * What the e-mail's unsubscribe turns off: "as it happens" of the alerts a trigger was sent for; a
 * roll-up's, of all the user's alerts, since it gathers whatever any of them sent under the user's
 * quiet hours or cap, and the next one may come from alerts this one did not name (ADR 032).
 */
const unsubscribeOf = (run: AlertRun, alerts: Watcher[], rollUp: boolean) =>
  rollUp
    ? { kind: 'triggers' as const, alertId: run.userId }
    : { kind: 'trigger' as const, alertId: triggerAlertsSubject(targetsOf(alerts)) };

const emailLinks = (
  deps: AlertDeps,
  run: AlertRun,
  alerts: Watcher[],
  company: string,
  opts: { earnings?: boolean; rollUp?: boolean } = {},
) => {
  const first = alerts[0]!;
  const unsubscribe = unsubscribeOf(run, alerts, opts.rollUp ?? false);
  return {
    library: deps.links.libraryItem(run.id),
    // An earnings date's move opens the company's earnings analysis; other events its news.
    viewInApp: deps.links.app(`/aurora-os/${opts.earnings ? 'earnings' : 'company-news'}?company=${encodeURIComponent(company)}`),
    manage: deps.links.app(
      first.alertType === 'news' ? '/sonar-os/news' : first.alertType === 'newsletter' ? '/sonar-os/newsletter' : '/sonar-os/earnings',
    ),
    unsubscribe: deps.links.unsubscribe(unsubscribe.kind, unsubscribe.alertId).page,
  };
};

/** The alerts, once each, whose channels an item goes to. */
const targetsOf = (alerts: Watcher[]) => [
  ...new Map(alerts.map((a) => [`${a.alertType}:${a.alertId}`, { type: a.alertType, id: a.alertId }])).values(),
];

async function loadEvents(db: DbExecutor, ids: string[]): Promise<TriggerEvent[]> {
  const events: TriggerEvent[] = [];
  for (const id of ids) {
    const event = await loadEvent({ db } as AlertDeps, id);
    if (event) events.push(event);
  }
  return events;
}

/** One message for several held triggers: each event's title, what happened, its source and its receipt. */
async function rollUp(
  deps: AlertDeps,
  run: AlertRun,
  why: 'quiet' | 'cap',
  events: TriggerEvent[],
  watchers: Watcher[],
  ciks: Map<string, string | null>,
) {
  const sentAt = deps.now().toISOString();
  const listed = events.map((event) => ({
    title: event.title,
    summary: event.summary,
    source: event.source,
    receipt: freshnessLine({ publishedAt: event.publishedAt, foundAt: event.foundAt, sentAt }, publishedVerbOf(event)),
    url: event.source.url,
  }));
  const alerts = events.flatMap((event) => wantedAmong(watchers, ciks, event));
  const title =
    why === 'quiet'
      ? `${events.length} events at your accounts while you were away`
      : `${events.length} more events at your accounts today`;
  const companies = [...new Set(events.map((e) => e.companyName))];
  const rendered = await renderTriggerRollupEmail({
    title,
    why: why === 'quiet' ? 'Held during your quiet hours.' : 'Beyond your daily limit of messages, these came together.',
    events: listed,
    reason: reasonOf(alerts, companies.join(', ')),
    links: emailLinks(deps, run, alerts, companies[0]!, { rollUp: true }),
  });
  const blocks: LibraryBlock[] = listed.flatMap((e) => [
    { type: 'heading' as const, text: e.title },
    { type: 'paragraph' as const, text: e.summary },
    {
      type: 'facts' as const,
      rows: [
        { label: 'Source', value: `${e.source.publisher}: ${e.source.title}`, sourceUrl: e.url },
        { label: 'Freshness', value: e.receipt },
      ],
    },
  ]);
  const item: LibraryEntry = {
    kind: 'trigger_event',
    title,
    companies,
    blocks,
    sources: events.map((e) => ({ url: e.source.url, title: e.source.title, publisher: e.source.publisher, publishedAt: e.publishedAt })),
  };
  return {
    mail: { to: alerts[0]!.recipient, ...rendered, kind: 'trigger', unsubscribe: unsubscribeOf(run, alerts, true) },
    item,
    deliverTo: targetsOf(alerts),
  };
}

/** The user's alerts that watch the event's company and want one of its kinds. */
function wantedAmong(watchers: Watcher[], ciks: Map<string, string | null>, event: TriggerEvent): Watcher[] {
  return watchers.filter(
    (w) => companyKeyOf(ciks.get(watchKey(w.name)), w.name) === event.companyKey && w.kinds.some((k) => event.kinds.includes(k)),
  );
}

export const triggerHandler = (async (run: AlertRun, deps: AlertDeps, signal: AbortSignal, step: RunStep) => {
  const event = await loadEvent(deps, run.alertId);
  if (!event) throw new AlertSkip('the event is gone');
  const watchers = await loadWatchers(deps.db, { userId: run.userId });
  const ciks = await watchedCiks(
    deps.db,
    deps.sources.sec,
    watchers.map((w) => w.name),
    signal,
  );
  const alerts = wantedAmong(watchers, ciks, event);
  if (alerts.length === 0) throw new AlertSkip('no alert of the user wants this event any more');
  // An earnings alert of the company (made since the poll) tells its owner of the move itself.
  if (event.kinds.every((kind) => kind === 'earnings_moved') && (await earningsAlertOwners(deps.db, event.companyKey, [run.userId])).size)
    throw new AlertSkip('the user’s earnings alert for this company tells them of the move');

  // Decided once, when the trigger is first looked at: a hold is kept in the run's steps.
  const settings = await readTriggerSettings(deps.db, run.userId);
  const hold = await step('held', () => decideHold(deps.db, run.userId, settings, event.kinds));
  if (hold.why && Date.parse(hold.until) > deps.now().getTime()) {
    throw new AlertRetryLater(
      `held (${hold.why === 'quiet' ? 'quiet hours' : 'daily cap reached'}) until ${hold.until}`,
      new Date(hold.until),
    );
  }
  if (hold.why) {
    // Released: the first of the user's released triggers sends them all as one roll-up.
    const leader = await rollUpLeader(deps.db, run.userId);
    if (leader && leader !== run.id)
      throw new AlertRetryLater('waiting for the roll-up', new Date(deps.now().getTime() + FOLLOWER_WAIT_MS));
  }

  // Kept across attempts: a retry after the model answered does not pay for it twice.
  const why = await step('why', () => whyItMatters(deps, run, event, signal));
  const receipt: FreshnessReceipt = { publishedAt: event.publishedAt, foundAt: event.foundAt, sentAt: deps.now().toISOString() };
  const rendered = await renderTriggerEmail({
    title: event.title,
    summary: event.summary,
    why: why.sentence,
    whyNote: [why.note, hold.why ? HOLD_NOTES[hold.why] : null].filter(Boolean).join(' ') || null,
    source: event.source,
    receipt,
    publishedVerb: publishedVerbOf(event),
    statements: why.statements,
    reason: reasonOf(alerts, event.companyName),
    links: emailLinks(deps, run, alerts, event.companyName, { earnings: event.kinds.includes('earnings_moved') }),
  });
  const statements = why.statements ? `; ${statementCountLabel(why.statements)}` : '';
  return {
    async commit(tx: DbExecutor) {
      const members = hold.why ? await claimRollUpMembers(tx, run.userId, run.id) : [];
      // This run's event and those of the held runs it takes into its roll-up (none when it holds none).
      const events = [
        event,
        ...(await loadEvents(
          tx,
          members.map((m) => m.eventId),
        )),
      ];
      await claimStories(tx, run.userId, events);
      if (hold.why && members.length > 0) {
        const rolled = await rollUp(deps, run, hold.why, events, watchers, ciks);
        await finishRollUpMembers(
          tx,
          members.map((m) => m.id),
          run.id,
        );
        return { ...rolled, outcome: `roll-up of ${events.length} held triggers (${hold.why}); e-mail queued` };
      }
      return {
        mail: { to: alerts[0]!.recipient, ...rendered, kind: 'trigger', unsubscribe: unsubscribeOf(run, alerts, false) },
        item: libraryEntry(event, why, receipt),
        deliverTo: targetsOf(alerts),
        outcome: `${event.title} (${event.eventKey})${statements}; e-mail queued`,
      };
    },
  };
}) satisfies AlertHandler;
