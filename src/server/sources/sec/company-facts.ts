// XBRL company facts (EDGAR's companyfacts API): the figures a public company reported, each
// labelled with its period and carrying the filing it came from.

import { ACCESSION, DAY_MS, EDGAR_DATE } from './sec.ts';

const PERIODIC_FORMS = /^(?:10-K|10-Q|10-KT|10-QT|20-F|40-F)(?:\/A)?$/;

export type SecFigure = {
  /** e.g. 'Revenue (fiscal year 2025)', 'Revenue (quarter ended 2025-09-27)', 'Operating cash flow (nine months ended 2025-09-27)'. */
  label: string;
  /** Taxonomy and concept, e.g. 'us-gaap:NetIncomeLoss'. */
  concept: string;
  value: number;
  /** EDGAR's unit: 'USD', 'shares', 'pure'… */
  unit: string;
  periodEnd: string;
  /** Null for a balance at a date (assets, shares outstanding). */
  periodStart: string | null;
  form: string;
  filed: string;
  /** The filing index of the filing that reported the value. */
  sourceUrl: string;
};

const latestOf = (dates: string[]) => [...dates].sort().at(-1) ?? null;

type XbrlFact = {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy?: number | null;
  fp?: string | null;
  form: string;
  filed: string;
};
export type CompanyFacts = { facts?: Record<string, Record<string, { units?: Record<string, unknown> } | undefined> | undefined> };
type ConceptFacts = { concept: string; unit: string; facts: XbrlFact[] };
type PeriodKind = 'instant' | 'quarter' | 'year' | 'ytd' | 'other';
type FigureSpec = { name: string; kind: 'flow' | 'balance' | 'cover'; concepts: string[]; sumClasses?: boolean };

/** In order of preference: total revenue is `Revenues` when a filer tags it, the contract-revenue concepts otherwise (and before 2018, SalesRevenueNet). */
const FIGURE_SPECS: FigureSpec[] = [
  {
    name: 'Revenue',
    kind: 'flow',
    concepts: [
      'us-gaap:Revenues',
      'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
      'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax',
      'us-gaap:SalesRevenueNet',
    ],
  },
  { name: 'Net income', kind: 'flow', concepts: ['us-gaap:NetIncomeLoss', 'us-gaap:ProfitLoss'] },
  { name: 'Total assets', kind: 'balance', concepts: ['us-gaap:Assets'] },
  {
    name: 'Operating cash flow',
    kind: 'flow',
    concepts: [
      'us-gaap:NetCashProvidedByUsedInOperatingActivities',
      'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
    ],
  },
  // One value per share class on the cover (companyfacts drops the class): their sum is the company's.
  { name: 'Shares outstanding', kind: 'cover', concepts: ['dei:EntityCommonStockSharesOutstanding'], sumClasses: true },
  { name: 'Employees', kind: 'cover', concepts: ['dei:EntityNumberOfEmployees'] },
];

const isFact = (value: unknown): value is XbrlFact => {
  const fact = value as Partial<XbrlFact> | null;
  return (
    !!fact &&
    typeof fact.val === 'number' &&
    Number.isFinite(fact.val) &&
    typeof fact.end === 'string' &&
    EDGAR_DATE.test(fact.end) &&
    (fact.start === undefined || (typeof fact.start === 'string' && EDGAR_DATE.test(fact.start))) &&
    typeof fact.accn === 'string' &&
    ACCESSION.test(fact.accn) &&
    typeof fact.filed === 'string' &&
    EDGAR_DATE.test(fact.filed) &&
    typeof fact.form === 'string' &&
    // Registration statements and 8-Ks repeat figures the periodic reports carry.
    PERIODIC_FORMS.test(fact.form)
  );
};

function conceptFacts(body: CompanyFacts, concept: string): ConceptFacts | null {
  const [taxonomy, name] = concept.split(':') as [string, string];
  const units = body.facts?.[taxonomy]?.[name]?.units;
  if (!units || typeof units !== 'object') return null;
  const unit = 'USD' in units ? 'USD' : Object.keys(units)[0];
  const values = unit ? units[unit] : undefined;
  const facts = Array.isArray(values) ? values.filter(isFact) : [];
  return unit && facts.length ? { concept, unit, facts } : null;
}

/**
 * A fact's period: the length of start..end tells a quarter (13 weeks, give or take) from a fiscal
 * year (52 or 53 weeks) from a year-to-date total (the six or nine months 10-Qs also report), which
 * EDGAR files under the same fiscal period ("Q3") as the quarter.
 */
export function periodKind(fact: { start?: string; end: string }): PeriodKind {
  if (!fact.start) return 'instant';
  const days = (Date.parse(fact.end) - Date.parse(fact.start)) / DAY_MS + 1;
  if (days >= 80 && days <= 100) return 'quarter';
  if (days >= 350 && days <= 380) return 'year';
  if (days > 100 && days < 350) return 'ytd';
  return 'other';
}

const filedLater = (a: XbrlFact, b: XbrlFact) => a.filed > b.filed || (a.filed === b.filed && a.accn > b.accn);

/** One fact per period: later filings repeat earlier periods as comparatives, sometimes restated; the latest filed wins. */
export function latestPerPeriod(facts: XbrlFact[]): XbrlFact[] {
  const byPeriod = new Map<string, XbrlFact>();
  for (const fact of facts) {
    const key = `${fact.start ?? ''}/${fact.end}`;
    const seen = byPeriod.get(key);
    if (!seen || filedLater(fact, seen)) byPeriod.set(key, fact);
  }
  return [...byPeriod.values()];
}

/** The fiscal year as the filer names it: `fy` of the annual report that first reported the period (later ones carry their own year). */
function fiscalYear(all: XbrlFact[], fact: XbrlFact): number {
  const endYear = Number(fact.end.slice(0, 4));
  const first = all
    .filter((f) => f.start === fact.start && f.end === fact.end && f.fp === 'FY' && typeof f.fy === 'number')
    .sort((a, b) => a.filed.localeCompare(b.filed))[0];
  return first && (first.fy === endYear || first.fy === endYear - 1) ? first.fy! : endYear;
}

const MONTHS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const monthsOf = (fact: XbrlFact) => {
  const months = Math.round((Date.parse(fact.end) - Date.parse(fact.start!)) / DAY_MS / 30.44);
  return MONTHS[months] ?? String(months);
};

function periodLabel(name: string, source: ConceptFacts, fact: XbrlFact): string {
  switch (periodKind(fact)) {
    case 'year':
      return `${name} (fiscal year ${fiscalYear(source.facts, fact)})`;
    case 'quarter':
      return `${name} (quarter ended ${fact.end})`;
    case 'ytd':
      return `${name} (${monthsOf(fact)} months ended ${fact.end})`;
    default:
      return `${name} (as of ${fact.end})`;
  }
}

type Picked = { source: ConceptFacts; fact: XbrlFact };
type FigurePick = Picked & { spec: FigureSpec; value: number };

/** The first concept, in order of preference, with a fact that passes. */
function pick(sources: ConceptFacts[], test: (fact: XbrlFact) => boolean): Picked | null {
  for (const source of sources) {
    const fact = latestPerPeriod(source.facts)
      .filter(test)
      // Of several year-to-date totals ending together, the one from the start of the fiscal year.
      .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? ''))[0];
    if (fact) return { source, fact };
  }
  return null;
}

const latestEnd = (sources: ConceptFacts[], kinds: PeriodKind[]) =>
  latestOf(
    sources
      .flatMap((s) => s.facts)
      .filter((f) => kinds.includes(periodKind(f)))
      .map((f) => f.end),
  );

/** A cover value (shares outstanding, employees): the newest date's, from the latest filing that gave it. */
function coverFigure(spec: FigureSpec, source: ConceptFacts): FigurePick {
  const end = latestOf(source.facts.map((f) => f.end));
  const atEnd = source.facts.filter((f) => f.end === end);
  const newest = atEnd.reduce((a, b) => (filedLater(b, a) ? b : a));
  const fromNewest = atEnd.filter((f) => f.accn === newest.accn);
  const value = spec.sumClasses ? fromNewest.reduce((sum, f) => sum + f.val, 0) : newest.val;
  // A date on the cover, whatever period the filer gave it.
  return { spec, source, fact: { ...newest, start: undefined }, value };
}

/**
 * The latest fiscal year's and the latest quarter's revenue, net income, total assets and operating
 * cash flow, then shares outstanding and employees from the cover. Where the latest 10-Q has no
 * three-month figure (cash flow statements are year-to-date), its year-to-date total, so labelled.
 */
export function figuresFromFacts(body: CompanyFacts, sourceUrl: (accessionNumber: string) => string): SecFigure[] {
  const specs = FIGURE_SPECS.map((spec) => ({
    spec,
    sources: spec.concepts.map((concept) => conceptFacts(body, concept)).filter((s): s is ConceptFacts => !!s),
  }));
  const flows = specs.filter(({ spec }) => spec.kind === 'flow').flatMap(({ sources }) => sources);
  const yearEnd = latestEnd(flows, ['year']);
  const interimEnd = latestEnd(flows, ['quarter', 'ytd']);
  const at = (end: string | null, kind: PeriodKind) => (f: XbrlFact) => f.end === end && periodKind(f) === kind;
  const picks: Array<FigurePick | null> = [];
  const add = (spec: FigureSpec, found: Picked | null) => picks.push(found && { spec, ...found, value: found.fact.val });
  for (const { spec, sources } of specs) {
    if (spec.kind === 'flow') add(spec, pick(sources, at(yearEnd, 'year')));
    if (spec.kind === 'balance') add(spec, pick(sources, at(yearEnd, 'instant')));
  }
  for (const { spec, sources } of specs) {
    if (spec.kind === 'flow') add(spec, pick(sources, at(interimEnd, 'quarter')) ?? pick(sources, at(interimEnd, 'ytd')));
    // A 10-K's own quarter (Q4) ends with the year: its balance sheet is already there.
    if (spec.kind === 'balance' && interimEnd !== yearEnd) add(spec, pick(sources, at(interimEnd, 'instant')));
  }
  for (const { spec, sources } of specs) if (spec.kind === 'cover' && sources[0]) picks.push(coverFigure(spec, sources[0]));
  return picks
    .filter((p): p is FigurePick => !!p)
    .map(({ spec, source, fact, value }) => ({
      label: periodLabel(spec.name, source, fact),
      concept: source.concept,
      value,
      unit: source.unit,
      periodEnd: fact.end,
      periodStart: fact.start ?? null,
      form: fact.form,
      filed: fact.filed,
      sourceUrl: sourceUrl(fact.accn),
    }));
}
