// Step 1, Company Enrichment: the company's own site (home, about and leadership pages, robots.txt
// honoured) and, when the company is public, SEC EDGAR: legal name, ticker, industry, headquarters,
// recent figures from the XBRL company facts, the latest 10-K / 10-Q / 8-K. Every fact carries the
// URL it came from. No AI: what is shown here is what the sources say.
import type { AirCompany, AirFact, AirReport } from '../../../shared/air.ts';
import type { Retrieved } from '../../ai/grounding.ts';
import { errorMessage, log } from '../../lib/log.ts';
import type { CompanySite } from '../../sources/company/company-site.ts';
import type { SecFigure } from '../../sources/sec/company-facts.ts';
import { EIGHT_K_ITEMS } from '../../sources/sec/eight-k-items.ts';
import type { SecCompanyProfile, SecFilingRef } from '../../sources/sec/sec-company.ts';
import { firstPerPerson, personKey } from '../../sources/web/person-name.ts';
import { siteOf } from '../../sources/web/site.ts';
import type { Candidate } from './prompts.ts';
import type { AirSources } from './sources.ts';

export type Enrichment = {
  company: AirCompany;
  facts: AirFact[];
  financials: AirFact[];
  filings: AirReport['filings'];
  /** Site pages and filings, as documents for the later steps. */
  documents: Retrieved[];
  /** People the site and the filings name, with their titles. */
  people: Candidate[];
  /** Officers an 8-K says are leaving: no prospect, whatever the site still shows. */
  departing: string[];
  summary: string;
};

export function filingHighlight(filing: Pick<SecFilingRef, 'form' | 'items' | 'reportDate'>): string | null {
  if (filing.form.startsWith('8-K')) {
    const items = filing.items.filter((item) => item !== '9.01').map((item) => EIGHT_K_ITEMS[item]?.short ?? `Item ${item}`);
    return items.length ? items.join('; ') : null;
  }
  if (filing.form.startsWith('10-K')) return filing.reportDate ? `Annual report for the year ended ${filing.reportDate}` : 'Annual report';
  if (filing.form.startsWith('10-Q'))
    return filing.reportDate ? `Quarterly report for the period ended ${filing.reportDate}` : 'Quarterly report';
  return null;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

export function figureValue(figure: Pick<SecFigure, 'value' | 'unit'>): string {
  if (figure.unit === 'USD') return money.format(figure.value);
  if (figure.unit === 'shares') return `${count.format(figure.value)} shares`;
  // XBRL's unit for a plain count (employees).
  if (figure.unit === 'pure') return count.format(figure.value);
  return `${count.format(figure.value)} ${figure.unit}`;
}

/** The site name when it has one, else the SEC name, else the host's first label ("initech"). */
function displayName(site: CompanySite, sec: SecCompanyProfile | null, website: string) {
  if (site.name?.trim()) return site.name.trim();
  if (sec) return sec.name;
  const label = siteOf(website)?.split('.')[0] ?? website;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export async function enrichCompany(sources: AirSources, website: string, signal: AbortSignal): Promise<Enrichment> {
  // The site is the one source a report cannot do without: it names the company. Its failure fails the step.
  const site = await sources.companySite.read(website, signal);
  const host = siteOf(site.homeUrl) ?? site.homeUrl;
  const documents: Retrieved[] = site.pages.map((page) => ({
    url: page.url,
    title: page.title,
    publisher: host,
    publishedAt: null,
    text: page.text,
    evidence: 'article',
  }));
  const people: Candidate[] = site.people.map((p) => ({
    name: p.name,
    title: p.title,
    sourceUrl: p.pageUrl,
    sourceKind: 'Company website',
  }));
  const facts: AirFact[] = [];
  if (site.description) facts.push({ label: 'About', value: site.description, sourceUrl: site.homeUrl });

  const departing = new Set<string>();
  const departingNames: string[] = [];
  let sec: SecCompanyProfile | null = null;
  let financials: AirFact[] = [];
  let filings: AirReport['filings'] = [];
  let secNote = 'not found on SEC EDGAR (a private company, or listed under another name)';
  try {
    const found = await resolveOnEdgar(sources, site, host, signal);
    if (found) {
      sec = await sources.secCompany.profile(found.cik, signal);
      facts.push(...secFacts(sec));
      const [figures, officers] = await Promise.all([
        sources.secCompany.figures(sec.cik, signal).catch((err) => {
          log.warn('sec figures failed', { error: errorMessage(err) });
          return [] as SecFigure[];
        }),
        sources.secCompany.officers(sec.cik, sec.filings, signal).catch((err) => {
          log.warn('sec officers failed', { error: errorMessage(err) });
          return { people: [], documents: [] };
        }),
      ]);
      financials = figures.map((f) => ({ label: f.label, value: figureValue(f), sourceUrl: f.sourceUrl }));
      filings = sec.filings.map((f) => ({
        form: f.form,
        filedOn: f.filingDate,
        title: f.description ?? `Form ${f.form}`,
        highlight: filingHighlight(f),
        url: f.indexUrl,
      }));
      // An officer an 8-K says is leaving is no one to prospect, whatever the site still shows.
      for (const leaving of officers.people.filter((p) => p.change === 'departing')) {
        departing.add(personKey(leaving.name));
        departingNames.push(leaving.name);
      }
      people.push(
        ...officers.people
          .filter((p) => p.change !== 'departing')
          .map((p) => ({ name: p.name, title: p.title, sourceUrl: p.sourceUrl, sourceKind: 'SEC filing' })),
      );
      documents.push(
        ...officers.documents.map((d) => ({
          url: d.url,
          title: d.title,
          publisher: d.publisher,
          publishedAt: d.publishedAt,
          text: d.text,
          evidence: 'article' as const,
        })),
      );
      secNote = `SEC EDGAR: ${sec.name}${sec.tickers[0] ? ` (${sec.tickers[0]})` : ''}, ${financials.length} figures, ${filings.length} filings`;
    }
  } catch (err) {
    if (signal.aborted) throw err;
    log.warn('sec enrichment failed', { error: errorMessage(err) });
    secNote = 'SEC EDGAR did not answer';
  }

  const company: AirCompany = {
    name: displayName(site, sec, website),
    website: site.homeUrl,
    legalName: sec?.name ?? null,
    ticker: sec?.tickers[0] ?? null,
    cik: sec?.cik ?? null,
    industry: sec?.sicDescription ?? null,
    headquarters: sec?.headquarters ?? null,
    description: site.description,
  };
  const skipped = site.blocked.length
    ? `; ${site.blocked.length} page${site.blocked.length === 1 ? '' : 's'} left unread as robots.txt asks`
    : '';
  const summary = `Read ${site.pages.length} page${site.pages.length === 1 ? '' : 's'} of ${host}${skipped}; ${secNote}.`;
  // One entry per person: the first source that names them wins (the site, then the filings).
  const candidates = firstPerPerson(people).filter((p) => !departing.has(personKey(p.name)));
  return { company, facts, financials, filings, documents, people: candidates, departing: [...departingNames], summary };
}

/**
 * The company on EDGAR: by the ticker its site declares (schema.org tickerSymbol, "NASDAQ: INTK"),
 * else its legal name, else the name it goes by: a brand ("Initech") is often not the registrant's
 * name ("Initech Systems, Inc.").
 */
async function resolveOnEdgar(sources: AirSources, site: CompanySite, host: string, signal: AbortSignal) {
  const ticker = site.organization?.tickerSymbol?.split(/[:\s]+/).at(-1) ?? null;
  for (const name of [ticker, site.organization?.legalName, site.name]) {
    if (!name?.trim()) continue;
    const found = await sources.secCompany.resolve(name, host, signal);
    if (found) return found;
  }
  return null;
}

function secFacts(sec: SecCompanyProfile): AirFact[] {
  const facts: AirFact[] = [{ label: 'Legal name', value: sec.name, sourceUrl: sec.profileUrl }];
  if (sec.tickers.length)
    facts.push({
      label: 'Ticker',
      value: [sec.tickers.join(', '), sec.exchanges.join(', ')].filter(Boolean).join(' · '),
      sourceUrl: sec.profileUrl,
    });
  if (sec.sicDescription)
    facts.push({ label: 'Industry (SIC)', value: `${sec.sicDescription}${sec.sic ? ` (${sec.sic})` : ''}`, sourceUrl: sec.profileUrl });
  if (sec.headquarters) facts.push({ label: 'Headquarters', value: sec.headquarters, sourceUrl: sec.profileUrl });
  if (sec.stateOfIncorporation) facts.push({ label: 'Incorporated in', value: sec.stateOfIncorporation, sourceUrl: sec.profileUrl });
  facts.push({ label: 'SEC CIK', value: sec.cik, sourceUrl: sec.profileUrl });
  return facts;
}
