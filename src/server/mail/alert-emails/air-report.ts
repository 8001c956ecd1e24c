// The Account Intelligence Report as an e-mail (issue 17): the same report as its page, in the order
// a seller reads it before a call: who the company is, what happened, who to talk to and how to open.
// Every fact links to its source; every value is text (React escapes it), only http(s) links render.
import { Link, Section, Text } from '@react-email/components';
import { createElement as h, type ReactNode } from 'react';
import { type AirReport, airEventLabels } from '../../../shared/air.ts';
import { BRAND } from '../../../shared/constants.ts';
import type { StatementCount } from '../../../shared/library.ts';
import { httpUrl } from '../../sources/web/text.ts';
import { EmailLayout, heading2, mutedLine, paragraph, renderEmail, shortDate, statementsLine, styles } from './layout.ts';
import type { RenderedEmail } from './types.ts';

export type AirReportEmailProps = {
  report: AirReport;
  /** The report's page in the app. */
  reportUrl: string;
  /** The report as sent, kept in the user's library (issue 27 §1). */
  libraryUrl?: string;
  /** /air: the user's reports. */
  manageUrl: string;
  /** The narrative sentences (event summaries, priorities, why each prospect, angles and triggers) checked against their sources. */
  statements?: StatementCount;
};

/** A link when the address is http(s); the text alone otherwise (a headline never disappears). */
const sourceLink = (url: string, text = 'source'): ReactNode => {
  const href = httpUrl(url);
  return href ? h(Link, { href, style: { color: styles.articleTitle.color } }, text) : text;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the e-mail says where a section found nothing, and of its sources; the library's copy says the same. */
export const airReportTexts = {
  noEvents: 'No events a seller can act on in the last 90 days.',
  noPosts: 'Nothing found.',
  noBuyingCenters: 'No buying center could be grounded in what was found.',
  noOutreach: 'No opening could be hung on a sourced event.',
  builtFrom: (sources: number) =>
    `Built from ${sources} public sources read for this report. People are named only where a page or filing names them; no e-mail address or phone number is guessed.`,
};

/** A calendar day ('2026-03-02') as that day; a moment in time as its New York day. */
const dayLabel = (date: string | null) =>
  date && /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    : shortDate(date);

/** "Label: value (source)". */
const factLine = (key: number, label: string, value: string, url: string) =>
  h(Text, { key, style: styles.articleSummary }, `${label}: ${value} (`, sourceLink(url), ')');

function AirReportEmail({ report, reportUrl, libraryUrl, manageUrl, statements }: AirReportEmailProps) {
  const { company } = report;
  const title = [company.name, company.ticker].filter(Boolean).join(' · ');
  return h(
    EmailLayout,
    {
      preview: `${plural(report.prospects.length, 'prospect')}, ${plural(report.events.length, 'event')} and outreach for ${company.name}`,
      eyebrow: 'Account Intelligence Report',
      heading: title,
      reason: `You get this e-mail because you asked ${BRAND} for an Account Intelligence Report on ${company.website}.`,
      links: { library: libraryUrl, viewInApp: reportUrl, manage: manageUrl, manageLabel: 'Your reports' },
    },
    company.description ? paragraph(company.description) : null,

    heading2('Company'),
    h(
      Section,
      null,
      report.facts.map((f, i) => factLine(i, f.label, f.value, f.sourceUrl)),
      report.financials.map((f, i) => factLine(100 + i, f.label, f.value, f.sourceUrl)),
      report.filings.map((f, i) =>
        h(
          Text,
          { key: 200 + i, style: styles.articleSummary },
          `Form ${f.form}, filed ${f.filedOn}${f.highlight ? `: ${f.highlight}` : ''} (`,
          sourceLink(f.url, 'filing'),
          ')',
        ),
      ),
    ),

    heading2('News intelligence'),
    report.events.length === 0
      ? mutedLine(airReportTexts.noEvents)
      : h(
          Section,
          null,
          report.events.map((e, i) =>
            h(
              Section,
              { key: i, style: styles.article },
              h(Text, { style: styles.articleMeta }, [airEventLabels[e.type], dayLabel(e.date)].filter(Boolean).join(' · ')),
              sourceLink(e.sourceUrl, e.headline),
              h(Text, { style: styles.articleSummary }, e.summary),
            ),
          ),
        ),

    heading2('Social listening'),
    report.social.posts.length === 0
      ? mutedLine(report.social.note ?? airReportTexts.noPosts)
      : h(
          Section,
          null,
          report.social.posts.map((p, i) =>
            h(
              Section,
              { key: i, style: styles.article },
              sourceLink(p.url, p.title),
              h(
                Text,
                { style: styles.articleMeta },
                [
                  p.platform,
                  shortDate(p.postedAt),
                  p.points !== null ? `${p.points} points` : null,
                  p.comments !== null ? `${p.comments} comments` : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
              ),
            ),
          ),
        ),

    heading2('Buying centers'),
    report.buyingCenters.length === 0
      ? mutedLine(airReportTexts.noBuyingCenters)
      : report.buyingCenters.map((c, i) =>
          h(
            Section,
            { key: i, style: styles.article },
            h(Text, { style: styles.articleTitlePlain }, c.name),
            c.roles.length ? h(Text, { style: styles.articleMeta }, c.roles.join(' · ')) : null,
            c.priorities.map((p, j) => h(Text, { key: j, style: styles.articleSummary }, `• ${p.text} (`, sourceLink(p.sourceUrl), ')')),
          ),
        ),

    heading2(`Prospects (${report.prospects.length})`),
    mutedLine(report.prospectNote),
    report.prospects.map((p, i) =>
      h(
        Section,
        { key: i, style: styles.article },
        h(Text, { style: styles.articleTitlePlain }, `${p.name} — ${p.title}`),
        h(
          Text,
          { style: styles.articleMeta },
          `${p.buyingCenter} · score ${p.score.toFixed(2)} · ${p.sourceKind} (`,
          sourceLink(p.sourceUrl),
          ')',
        ),
        h(Text, { style: styles.articleSummary }, p.why),
      ),
    ),

    heading2('Outreach strategy'),
    report.outreach.length === 0
      ? mutedLine(airReportTexts.noOutreach)
      : report.outreach.map((o, i) =>
          h(
            Section,
            { key: i, style: styles.article },
            h(Text, { style: styles.articleTitlePlain }, o.prospectName ? `${o.prospectName} (${o.buyingCenter})` : o.buyingCenter),
            h(Text, { style: styles.articleSummary }, `Angle: ${o.angle}`),
            h(Text, { style: styles.articleSummary }, `Trigger: ${o.trigger.text} (`, sourceLink(o.trigger.sourceUrl), ')'),
            h(Text, { style: { ...styles.paragraph, whiteSpace: 'pre-wrap' } }, o.message),
          ),
        ),

    mutedLine(airReportTexts.builtFrom(report.sources.length)),
    statementsLine(statements),
  );
}

export function renderAirReportEmail(p: AirReportEmailProps): Promise<RenderedEmail> {
  return renderEmail(`Account Intelligence Report: ${p.report.company.name}`, h(AirReportEmail, p));
}
