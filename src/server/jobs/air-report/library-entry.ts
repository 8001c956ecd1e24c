// An Account Intelligence Report's e-mail as its library item (issue 27 §1): the same sections in
// the same order (company, news, social, buying centers, prospects, outreach), each fact, priority,
// prospect and trigger linked to its source as the e-mail links it, and every address the e-mail
// links listed as the item's sources.
import { type AirReport, airEventLabels } from '../../../shared/air.ts';
import type { LibraryBlock, LibrarySource, SourcedLine, StatementCount } from '../../../shared/library.ts';
import type { LibraryEntry } from '../../library/keep.ts';
import { airReportTexts } from '../../mail/alert-emails/index.ts';
import { httpUrl } from '../../sources/web/text.ts';

/** The e-mail's "(source)" link of a line: its http(s) address, none when the e-mail links none. */
const sourceOf = (url: string): { sourceUrl?: string } => {
  const href = httpUrl(url);
  return href ? { sourceUrl: href } : {};
};

/** A line with its source link as the e-mail has it; plain text when the e-mail links nothing. */
const sourcedLine = (text: string, url: string): string | SourcedLine => {
  const { sourceUrl } = sourceOf(url);
  return sourceUrl ? { text, sourceUrl } : text;
};

/** `statements`: the narrative's sentences checked against their sources, as the e-mail counts them (issue 27 §4). */
export function airReportEntry(report: AirReport, statements?: StatementCount): LibraryEntry {
  const { company } = report;
  const read = new Map(report.sources.map((s) => [s.url, s]));
  const publisherOf = (url: string) => read.get(url)?.publisher ?? null;
  const blocks: LibraryBlock[] = [];
  const heading = (text: string) => blocks.push({ type: 'heading', text });
  const note = (text: string) => blocks.push({ type: 'note', text });

  if (company.description) blocks.push({ type: 'paragraph', text: company.description });

  heading('Company');
  const facts = [...report.facts, ...report.financials];
  if (facts.length > 0)
    blocks.push({ type: 'facts', rows: facts.map((f) => ({ label: f.label, value: f.value, ...sourceOf(f.sourceUrl) })) });
  if (report.filings.length > 0) {
    blocks.push({
      type: 'articles',
      items: report.filings.map((f) => ({
        url: f.url,
        title: `Form ${f.form}, filed ${f.filedOn}`,
        publisher: publisherOf(f.url),
        publishedAt: f.filedOn,
        summary: f.highlight,
      })),
    });
  }

  heading('News intelligence');
  if (report.events.length === 0) note(airReportTexts.noEvents);
  else {
    blocks.push({
      type: 'articles',
      items: report.events.map((e) => ({
        url: e.sourceUrl,
        title: e.headline,
        publisher: publisherOf(e.sourceUrl),
        publishedAt: e.date,
        summary: `${airEventLabels[e.type]}: ${e.summary}`,
      })),
    });
  }

  heading('Social listening');
  if (report.social.posts.length === 0) note(report.social.note ?? airReportTexts.noPosts);
  else {
    blocks.push({
      type: 'articles',
      items: report.social.posts.map((p) => {
        const counts = [p.points !== null ? `${p.points} points` : null, p.comments !== null ? `${p.comments} comments` : null];
        return {
          url: p.url,
          title: p.title,
          publisher: p.platform,
          publishedAt: p.postedAt,
          summary: counts.filter(Boolean).join(' · ') || null,
        };
      }),
    });
  }

  heading('Buying centers');
  if (report.buyingCenters.length === 0) note(airReportTexts.noBuyingCenters);
  for (const c of report.buyingCenters) {
    blocks.push({ type: 'paragraph', text: c.roles.length > 0 ? `${c.name} (${c.roles.join(' · ')})` : c.name });
    if (c.priorities.length > 0) blocks.push({ type: 'list', items: c.priorities.map((p) => sourcedLine(p.text, p.sourceUrl)) });
  }

  heading(`Prospects (${report.prospects.length})`);
  note(report.prospectNote);
  if (report.prospects.length > 0) {
    blocks.push({
      type: 'list',
      items: report.prospects.map((p) =>
        sourcedLine(`${p.name} — ${p.title} (${p.buyingCenter} · score ${p.score.toFixed(2)} · ${p.sourceKind}): ${p.why}`, p.sourceUrl),
      ),
    });
  }

  heading('Outreach strategy');
  if (report.outreach.length === 0) note(airReportTexts.noOutreach);
  for (const o of report.outreach) {
    blocks.push(
      { type: 'paragraph', text: o.prospectName ? `${o.prospectName} (${o.buyingCenter})` : o.buyingCenter },
      { type: 'list', items: [`Angle: ${o.angle}`, sourcedLine(`Trigger: ${o.trigger.text}`, o.trigger.sourceUrl)] },
      { type: 'paragraph', text: o.message },
    );
  }

  note(airReportTexts.builtFrom(report.sources.length));

  // Every page the report was built from, then each address the e-mail links that is not one of
  // them (the articles blocks' are listed with them by keepItem); only http(s), as the e-mail links.
  const cited = [
    ...report.facts.map((f) => f.sourceUrl),
    ...report.financials.map((f) => f.sourceUrl),
    ...report.buyingCenters.flatMap((c) => c.priorities.map((p) => p.sourceUrl)),
    ...report.prospects.map((p) => p.sourceUrl),
    ...report.outreach.map((o) => o.trigger.sourceUrl),
  ];
  const sources: LibrarySource[] = [
    ...report.sources,
    ...cited.filter((url) => !read.has(url)).map((url) => ({ url, title: null, publisher: null, publishedAt: null })),
  ].filter((s) => httpUrl(s.url) !== null);

  return {
    kind: 'air_report',
    title: `Account Intelligence Report: ${company.name}`,
    companies: [company.name],
    blocks,
    sources,
    ...(statements ? { statements } : {}),
  };
}
