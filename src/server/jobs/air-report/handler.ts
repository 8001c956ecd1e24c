// An Account Intelligence Report as a run of the run engine (issue 17). The eight steps run in
// order, each a resumable step of the engine (step(key, work)): what a finished step found is kept
// in the run's row, so a retry, or a worker taking over after a crash, resumes after the last step
// that succeeded. The report's row keeps what the page shows: each step's state and summary,
// written as it starts and ends (the page follows them live). The slow work happens outside any
// transaction; the engine's one commit then marks the report delivered and queues its e-mail
// together, exactly once (engine.ts). The report fails only with its run, in the transaction that
// fails the run (airReportHandler.failed), whoever fails it: this handler, or the engine when nobody
// finished the run; so the page never shows a report running whose run has ended.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AIR_MAX_PROSPECTS,
  AIR_NEWS_DAYS,
  AIR_PROSPECT_MIN_SCORE,
  type AirEvent,
  type AirReport,
  type AirStep,
  type AirStepId,
  type AirStepState,
  airStepNames,
} from '../../../shared/air.ts';
import type { StatementCount } from '../../../shared/library.ts';
import { statementCountLabel } from '../../../shared/library.ts';
import type { Retrieved } from '../../ai/grounding.ts';
import type { GenerateRequest, Generation } from '../../ai/runner.ts';
import { alertRecipient } from '../../db/alert-recipient.ts';
import type { Database } from '../../db/client.ts';
import { airReports, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorMessage, log } from '../../lib/log.ts';
import { renderAirReportEmail } from '../../mail/alert-emails/index.ts';
import { SiteUnreadableError } from '../../sources/company/company-site.ts';
import { NewsUnavailableError } from '../../sources/news/index.ts';
import { siteOf } from '../../sources/web/site.ts';
import { SourceError } from '../../sources/web/types.ts';
import { addCounts } from '../runs/statements.ts';
import { type AlertHandler, AlertPermanentFailure, type AlertRun, AlertSkip, type DbExecutor, type RunStep } from '../runs/types.ts';
import { enrichCompany } from './enrich.ts';
import { ReportGrounding } from './ground.ts';
import { airReportEntry } from './library-entry.ts';
import {
  type Candidate,
  eventsOutput,
  eventsPrompt,
  outreachOutput,
  outreachPrompt,
  personasOutput,
  personasPrompt,
  prospectsOutput,
  prospectsPrompt,
  systems,
} from './prompts.ts';
import type { AirSources } from './sources.ts';
import { StepStatements } from './statements.ts';

type ReportRow = { id: string; userId: string; website: string; solution: string; status: string; steps: AirStep[] };

/** What a step found, and what its line on the page says. */
type Found<T> = { data: T; state?: 'done' | 'not_available'; summary: string; companyName?: string };

const NEWS_LIMIT = 20;
const SOCIAL_LIMIT = 10;
/** Characters of each site page and filing the persona and outreach prompts carry. */
const CONTEXT_CHARS = 4_000;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Writes each step's state and summary to the report's page as the report goes, while the report is still this run's. */
class ReportPage {
  readonly steps: AirStep[];
  private readonly db: Database;
  private readonly row: ReportRow;
  private readonly runStep: RunStep;
  constructor(db: Database, row: ReportRow, runStep: RunStep) {
    this.db = db;
    this.row = row;
    this.runStep = runStep;
    // A retry left the failed step waiting; a step cut off by a crash was left running: both run again.
    this.steps = row.steps.map((s) => (s.state === 'running' || s.state === 'failed' ? { ...s, state: 'waiting', summary: null } : s));
  }

  private async save(extra: Record<string, unknown> = {}) {
    await this.db
      .update(airReports)
      .set({ steps: this.steps, status: 'running', ...extra })
      .where(
        and(eq(airReports.id, this.row.id), eq(airReports.userId, this.row.userId), inArray(airReports.status, ['queued', 'running'])),
      );
  }

  set(id: AirStepId, state: AirStepState, summary: string | null) {
    const step = this.steps.find((s) => s.id === id)!;
    step.state = state;
    step.summary = summary;
  }

  /**
   * One step of the report, through the engine: a step a previous attempt finished is not worked
   * again (the engine returns what it found). The page shows it running while it works, and its
   * outcome once it is done.
   */
  async step<T>(id: AirStepId, work: () => Promise<Found<T>>): Promise<T> {
    const found = await this.runStep(id, async () => {
      this.set(id, 'running', null);
      await this.save();
      return work();
    });
    const shown = this.steps.find((s) => s.id === id)!;
    const state = found.state ?? 'done';
    if (shown.state !== state || shown.summary !== found.summary) {
      this.set(id, state, found.summary);
      await this.save(found.companyName ? { companyName: found.companyName } : {});
    }
    return found.data;
  }

  /** The step that failed, and why in the user's words: the report fails with the run (failReport). */
  async fail(id: AirStepId, message: string) {
    this.set(id, 'failed', message);
    await this.save();
  }

  current(): AirStepId {
    return stepAt(this.steps);
  }
}

/** The step a report is at: the one running, or else the first still waiting. */
const stepAt = (steps: AirStep[]): AirStepId =>
  steps.find((s) => s.state === 'running')?.id ?? steps.find((s) => s.state === 'waiting')?.id ?? 'instant_delivery';

/** What the page says of the step a report had reached when its run was given up (its workers stopped). */
export const INTERRUPTED =
  'the work on this step stopped on our side before it finished; try again, and if it happens again, contact support';

/**
 * The report's run failed for good: the report fails with it, in the same transaction, at the step
 * the handler marked failed (with its reason), or else at the step it was at when its worker stopped.
 */
async function failReport(tx: DbExecutor, run: AlertRun) {
  const [row] = await tx
    .select({ steps: airReports.steps })
    .from(airReports)
    .where(and(eq(airReports.id, run.alertId), eq(airReports.userId, run.userId), inArray(airReports.status, ['queued', 'running'])))
    .for('update');
  if (!row) return;
  const steps = row.steps as AirStep[];
  const failed = steps.find((s) => s.state === 'failed');
  const failure = failed ? { step: failed.id, message: failed.summary ?? INTERRUPTED } : { step: stepAt(steps), message: INTERRUPTED };
  await tx
    .update(airReports)
    .set({
      status: 'failed',
      steps: steps.map((s) => (s.id === failure.step ? { ...s, state: 'failed', summary: failure.message } : s)),
      failure,
      finishedAt: sql`now()`,
    })
    .where(and(eq(airReports.id, run.alertId), eq(airReports.userId, run.userId)));
}

/**
 * A step's failure: the reason the user reads after the step's name, in plain words (never a socket
 * error, an address or a port), and the detail the operator reads in the run's reason.
 */
function failureOf(err: unknown): { reason: string; detail: string | null } {
  if (err instanceof AppError) return { reason: err.message, detail: null };
  if (err instanceof SiteUnreadableError) return { reason: err.plain, detail: err.message };
  if (err instanceof SourceError) return { reason: 'a source this step reads could not be read; try again later', detail: err.message };
  log.error('air report step failed', { error: errorMessage(err) });
  return {
    reason: 'something went wrong on our side at this step; try again, and if it happens again, contact support',
    detail: errorMessage(err),
  };
}

/** One model call of a report. */
type Generate = <T>(request: GenerateRequest<T>) => Promise<Generation<T>>;

async function loadReport(db: Database, run: AlertRun): Promise<ReportRow | null> {
  const [row] = await db
    .select({
      id: airReports.id,
      userId: airReports.userId,
      website: airReports.website,
      solution: airReports.solution,
      status: airReports.status,
      steps: airReports.steps,
    })
    .from(airReports)
    .where(and(eq(airReports.id, run.alertId), eq(airReports.userId, run.userId)));
  return row ? { ...row, steps: row.steps as AirStep[] } : null;
}

export const airReportHandler: AlertHandler = async (run, deps, signal, step) => {
  const row = await loadReport(deps.db, run);
  if (!row) throw new AlertSkip('the report no longer exists');
  if (row.status === 'succeeded' || row.status === 'failed') throw new AlertSkip(`the report is already ${row.status}`);
  const [seller] = await deps.db
    .select({
      email: alertRecipient,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      jobTitle: users.jobTitle,
      companyName: users.companyName,
    })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!seller) throw new AlertSkip('the user no longer exists');
  const progress = new ReportPage(deps.db, row, step);
  const sources: AirSources = deps.sources;
  // Each model call is an AI request of the user's own, held to their limits like research: the
  // user started the report (unlike an alert's scheduled run, which the runner does not limit).
  const generate: Generate = (request) => deps.ai.run(row.userId, 'air_report', (ai) => ai.generate(request), { signal });
  try {
    const { report, statements } = await research(progress, row, sources, generate, seller, signal);
    progress.set(
      'report_builder',
      'done',
      `Built the report: ${plural(report.prospects.length, 'prospect')}, ${plural(report.outreach.length, 'outreach message')}, ${plural(report.sources.length, 'source')}; ${statementCountLabel(statements)}.`,
    );
    const reportUrl = deps.links.app(`/air/reports/${row.id}`);
    // The run's id is its library item's (engine.ts), so the link is known before the commit.
    const email = await renderAirReportEmail({
      report,
      reportUrl,
      libraryUrl: deps.links.libraryItem(run.id),
      manageUrl: deps.links.app('/air'),
      statements,
    });
    progress.set('instant_delivery', 'done', `Queued for ${seller.email}.`);
    return {
      async commit(tx) {
        await tx
          .update(airReports)
          .set({
            status: 'succeeded',
            steps: progress.steps,
            report,
            emailedTo: seller.email,
            companyName: report.company.name,
            finishedAt: sql`now()`,
          })
          .where(and(eq(airReports.id, row.id), eq(airReports.userId, row.userId)));
        return {
          mail: { to: seller.email, subject: email.subject, html: email.html, text: email.text, kind: 'air-report' },
          item: airReportEntry(report, statements),
          outcome: `report on ${report.company.name}: ${plural(report.prospects.length, 'prospect')}; ${statementCountLabel(statements)}; e-mail queued`,
        };
      },
    };
  } catch (err) {
    if (signal.aborted) throw err;
    const step = progress.current();
    const { reason, detail } = failureOf(err);
    await progress.fail(step, reason);
    throw new AlertPermanentFailure(`${airStepNames[step]}: ${reason}${detail ? ` (${detail})` : ''}`);
  }
};
airReportHandler.failed = failReport;

type Seller = { firstName: string | null; lastName: string | null; name: string; jobTitle: string | null; companyName: string | null };

async function research(
  progress: ReportPage,
  row: ReportRow,
  sources: AirSources,
  generate: Generate,
  seller: Seller,
  signal: AbortSignal,
): Promise<{ report: AirReport; statements: StatementCount }> {
  const enrichment = await progress.step('company_enrichment', async () => {
    const data = await enrichCompany(sources, row.website, signal);
    return { data, summary: data.summary, companyName: data.company.name };
  });
  const { company } = enrichment;

  const news = await progress.step<{ events: AirEvent[]; documents: Retrieved[]; statements?: StatementCount }>(
    'news_intelligence',
    async () => {
      // Both providers down is a search that throws: the report goes on without news and says so.
      const result = await sources.news
        .search({ terms: { phrases: [company.name] }, days: AIR_NEWS_DAYS, limit: NEWS_LIMIT }, signal)
        .catch((err: unknown) => {
          if (err instanceof NewsUnavailableError) return null;
          throw err;
        });
      const documents: Retrieved[] = result?.documents.map((d) => ({ ...d })) ?? [];
      if (documents.length === 0) {
        const down = result === null;
        return {
          data: { events: [], documents },
          state: down ? ('not_available' as const) : ('done' as const),
          summary: down
            ? 'The news sources (Google News, GDELT) could not be reached; the report goes on without news.'
            : `No news about ${company.name} in the last ${AIR_NEWS_DAYS} days.`,
        };
      }
      const { output } = await generate({
        schema: eventsOutput,
        system: systems.events,
        prompt: eventsPrompt(company, documents),
        signal,
      });
      const checked = new StepStatements(documents);
      const events = checked.events(new ReportGrounding(documents).events(output));
      return {
        data: { events, documents, statements: checked.count },
        summary: `${plural(events.length, 'event')} a seller can act on, from ${plural(documents.length, 'article')} of the last ${AIR_NEWS_DAYS} days.`,
      };
    },
  );

  const social = await progress.step('social_listening', async () => {
    const found = await sources.social.search(
      { name: company.name, domain: siteOf(company.website) },
      { days: 365, limit: SOCIAL_LIMIT, signal },
    );
    const posts = found.posts.map(({ text: _, ...post }) => post);
    const documents: Retrieved[] = found.posts.map((p) => ({
      url: p.url,
      title: p.title,
      publisher: p.platform,
      publishedAt: p.postedAt,
      text: p.text || p.title,
      evidence: 'article',
    }));
    const unreachable = found.unavailable.map((u) => u.source);
    const note =
      unreachable.length === found.searched.length
        ? `${unreachable.join(' and ')} could not be reached; nothing is said here rather than guessed.`
        : posts.length === 0
          ? `No public discussion of ${company.name} on ${found.searched.join(' or ')} in the last year.`
          : null;
    const state = unreachable.length === found.searched.length ? ('not_available' as const) : ('done' as const);
    return {
      data: { searched: found.searched, posts, note, documents },
      state,
      summary: posts.length ? `${plural(posts.length, 'public discussion')} on ${found.searched.join(', ')}.` : note!,
    };
  });

  // What the later steps read: the site and filings (trimmed), the news and the discussions.
  const context: Retrieved[] = [
    ...enrichment.documents.map((d) => ({ ...d, text: d.text.slice(0, CONTEXT_CHARS) })),
    ...news.documents,
    ...social.documents,
  ];
  const grounding = new ReportGrounding([...enrichment.documents, ...news.documents, ...social.documents], {
    siteHost: siteOf(company.website) ?? undefined,
    excludedPeople: enrichment.departing ?? [],
  });

  const personas = await progress.step('persona_builder', async () => {
    const { output } = await generate({
      schema: personasOutput,
      system: systems.personas,
      prompt: personasPrompt(company, row.solution, context),
      signal,
    });
    const checked = new StepStatements(context);
    const buyingCenters = checked.buyingCenters(grounding.buyingCenters(output));
    return {
      data: { buyingCenters, statements: checked.count },
      summary: `${plural(buyingCenters.length, 'buying center')}: ${buyingCenters.map((c) => c.name).join(', ') || 'none identified'}.`,
    };
  });

  const prospects = await progress.step('prospect_discovery', async () => {
    const candidates: Candidate[] = enrichment.people;
    const read = [...enrichment.documents, ...news.documents];
    const { output } = await generate({
      schema: prospectsOutput,
      system: systems.prospects,
      prompt: prospectsPrompt(company, row.solution, personas.buyingCenters, candidates, read),
      signal,
    });
    const checked = new StepStatements(read);
    const kept = checked.prospects(grounding.prospects(output, candidates, personas.buyingCenters));
    const note = prospectNote(kept.length, candidates.length, company.name);
    return { data: { prospects: kept, note, statements: checked.count }, summary: note };
  });

  const outreach = await progress.step('outreach_strategy', async () => {
    const sellerName = [seller.firstName, seller.lastName].filter(Boolean).join(' ') || seller.name;
    const { output } = await generate({
      schema: outreachOutput,
      system: systems.outreach,
      prompt: outreachPrompt(
        company,
        { name: sellerName, title: seller.jobTitle, company: seller.companyName },
        row.solution,
        personas.buyingCenters,
        prospects.prospects,
        context,
      ),
      signal,
      maxOutputTokens: 8192,
    });
    const checked = new StepStatements(context);
    const items = checked.outreach(grounding.outreach(output, prospects.prospects));
    return {
      data: { outreach: items, statements: checked.count },
      summary: `${plural(items.length, 'opening')}, each hung on an event or fact with its source.`,
    };
  });

  progress.set('report_builder', 'running', null);
  // A step a run before this change finished has no count: it counts nothing.
  const statements = addCounts(news.statements, personas.statements, prospects.statements, outreach.statements);
  const report: AirReport = {
    company,
    facts: enrichment.facts,
    financials: enrichment.financials,
    filings: enrichment.filings,
    events: news.events,
    social: { searched: social.searched, posts: social.posts, note: social.note },
    buyingCenters: personas.buyingCenters,
    prospects: prospects.prospects,
    prospectNote: prospects.note,
    outreach: outreach.outreach,
    sources: usedSources([...enrichment.documents, ...news.documents, ...social.documents]),
  };
  return { report, statements };
}

/** How many prospects the report found, and why not more: it never pads the list. */
export function prospectNote(kept: number, candidates: number, company: string): string {
  const cutOff = AIR_PROSPECT_MIN_SCORE.toFixed(2);
  if (kept === 0)
    return `No named person at ${company} reached the ${cutOff} quality score for your buying centers in public sources (the company's site, SEC filings, the news). Nobody is invented to fill the list.`;
  const more =
    kept < AIR_MAX_PROSPECTS
      ? ` No other person named in public sources scored ${cutOff} or more; the list is not padded to ${AIR_MAX_PROSPECTS}.`
      : '';
  return `${plural(kept, 'prospect')} with a quality score of ${cutOff} or more, among ${plural(candidates, 'person', 'people')} named on the company's site and in SEC filings, and in the news.${more}`;
}

function usedSources(documents: Retrieved[]): AirReport['sources'] {
  const seen = new Set<string>();
  return documents.flatMap((d) => {
    if (seen.has(d.url)) return [];
    seen.add(d.url);
    return [{ url: d.url, title: d.title, publisher: d.publisher, publishedAt: d.publishedAt }];
  });
}
