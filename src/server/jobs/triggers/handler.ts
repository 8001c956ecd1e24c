// One user's trigger (issue 31): a run of kind 'trigger' for one event (alert_id) and one user. It
// finds which of the user's alerts still want the event (an alert switched off or a kind unticked
// since the poll sends nothing), asks the model for one sentence on why it matters to the seller's
// solution, checks that sentence against the source's text (a factual sentence the source does not
// support is dropped, and the message says so), and returns the e-mail, the library item and the
// alerts whose channels get it. The engine commits them once (engine.ts).
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import type { AlertType } from '../../../shared/channels.ts';
import { type LibraryBlock, type StatementCount, statementCountLabel } from '../../../shared/library.ts';
import { type FreshnessReceipt, freshnessLine, type TriggerKind } from '../../../shared/triggers.ts';
import { mailText } from '../../ai/grounding.ts';
import { numberedDocuments } from '../../ai/statements.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import { renderTriggerEmail } from '../../mail/alert-emails/index.ts';
import { checkText } from '../runs/statements.ts';
import { type AlertDeps, type AlertHandler, type AlertRun, AlertSkip, type RunStep } from '../runs/types.ts';
import { loadWatchers, type Watcher, watchedCiks, watchKey } from './watch.ts';

type TriggerEvent = {
  id: string;
  cik: string | null;
  companyName: string;
  kinds: TriggerKind[];
  title: string;
  summary: string;
  source: { url: string; title: string; publisher: string; text: string };
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

async function loadEvent(deps: AlertDeps, id: string): Promise<TriggerEvent | null> {
  const { rows } = await deps.db.execute<{
    id: string;
    cik: string | null;
    company_name: string;
    kinds: TriggerKind[];
    title: string;
    summary: string;
    source: TriggerEvent['source'];
    published_at: Date | string | null;
    found_at: Date | string;
    event_key: string;
  }>(sql`select id, cik, company_name, kinds, title, summary, source, published_at, found_at, event_key
           from trigger_events where id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
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

/** The user's alerts that watch the event's company and want one of its kinds, now. */
async function wantedBy(deps: AlertDeps, run: AlertRun, event: TriggerEvent, signal: AbortSignal): Promise<Watcher[]> {
  const watchers = await loadWatchers(deps.db, { userId: run.userId });
  const ciks = await watchedCiks(
    deps.db,
    deps.sources.sec,
    watchers.map((w) => w.name),
    signal,
  );
  return watchers.filter(
    (w) => event.cik !== null && ciks.get(watchKey(w.name)) === event.cik && w.kinds.some((k) => event.kinds.includes(k)),
  );
}

type Why = { sentence: string | null; note: string | null; statements: StatementCount | null };

async function whyItMatters(deps: AlertDeps, run: AlertRun, event: TriggerEvent, signal: AbortSignal): Promise<Why> {
  if (!deps.ai.configured) return { sentence: null, note: AI_NOT_CONFIGURED_NOTE, statements: null };
  const { rows } = await deps.db.execute<{ solution_type: string | null; solution_description: string | null }>(
    sql`select solution_type, solution_description from users where id = ${run.userId}`,
  );
  const seller = [rows[0]?.solution_type, rows[0]?.solution_description].filter((s) => s?.trim()).join(': ') || 'not stated';
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

export const triggerHandler = (async (run: AlertRun, deps: AlertDeps, signal: AbortSignal, step: RunStep) => {
  const event = await loadEvent(deps, run.alertId);
  if (!event) throw new AlertSkip('the event is gone');
  const alerts = await wantedBy(deps, run, event, signal);
  if (alerts.length === 0) throw new AlertSkip('no alert of the user wants this event any more');
  // Kept across attempts: a retry after the model answered does not pay for it twice.
  const why = await step('why', () => whyItMatters(deps, run, event, signal));
  const receipt: FreshnessReceipt = { publishedAt: event.publishedAt, foundAt: event.foundAt, sentAt: deps.now().toISOString() };
  const first = alerts[0]!;
  const rendered = await renderTriggerEmail({
    title: event.title,
    summary: event.summary,
    why: why.sentence,
    whyNote: why.note,
    source: event.source,
    receipt,
    publishedVerb: publishedVerbOf(event),
    statements: why.statements,
    reason: reasonOf(alerts, event.companyName),
    links: {
      library: deps.links.libraryItem(run.id),
      viewInApp: deps.links.app(`/aurora-os/company-news?company=${encodeURIComponent(event.companyName)}`),
      manage: deps.links.app(
        first.alertType === 'news' ? '/sonar-os/news' : first.alertType === 'newsletter' ? '/sonar-os/newsletter' : '/sonar-os/earnings',
      ),
    },
  });
  const statements = why.statements ? `; ${statementCountLabel(why.statements)}` : '';
  return {
    async commit() {
      return {
        mail: { to: first.recipient, ...rendered, kind: 'trigger' },
        item: libraryEntry(event, why, receipt),
        deliverTo: [...new Map(alerts.map((a) => [`${a.alertType}:${a.alertId}`, { type: a.alertType, id: a.alertId }])).values()],
        outcome: `${event.title} (${event.eventKey})${statements}; e-mail queued`,
      };
    },
  };
}) satisfies AlertHandler;
