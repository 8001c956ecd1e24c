// What a filing in EDGAR's latest-filings feeds tells a seller (issue 31): the kinds of trigger event
// it is, and the one line saying what happened, from the feed's own structure (form, items, role)
// and the figures the filing states — never from a model. An 8-K's items name what it reports;
// Form D is money raised, S-1 an IPO filing, Schedule 13D an investor's stake of more than 5%.
import { type TriggerKind, triggerKindNouns } from '../../../shared/triggers.ts';

/** 8-K items that are trigger events, and what kind each is. */
const EIGHT_K_KINDS: Record<string, TriggerKind> = {
  '5.02': 'leadership',
  '1.01': 'agreement',
  '2.01': 'acquisition',
  '2.05': 'restructuring',
  '2.02': 'results',
  '1.03': 'bankruptcy',
};

/** The words after the company's name, per kind a filing can be, as the feed alone can say them. */
const WHAT_HAPPENED: Partial<Record<TriggerKind, string>> = {
  leadership: 'reported officers or directors appointed or leaving (8-K item 5.02)',
  agreement: 'entered into a material agreement (8-K item 1.01)',
  acquisition: 'completed an acquisition or disposition of assets (8-K item 2.01)',
  restructuring: 'reported exit or disposal costs, a restructuring (8-K item 2.05)',
  results: 'released results of operations (8-K item 2.02)',
  bankruptcy: 'reported a bankruptcy or receivership (8-K item 1.03)',
  funding: 'reported raising money in a private offering (Form D)',
  ipo: 'filed to register shares for a public offering (Form S-1)',
  activist: 'is the subject of an investor’s stake of more than 5% (Schedule 13D)',
};

const SCHEDULE_13D = /^(SC 13D|SCHEDULE 13D)$/;

/**
 * The kinds of trigger event a feed entry is, in the order a message names them; none for an
 * amendment (it corrects a filing already told), another form, or the 13D's filer (the subject
 * company is the one watched).
 */
export function triggerKindsOf(entry: { form: string; items: string[]; role: string }): TriggerKind[] {
  const form = entry.form.trim().toUpperCase();
  if (form === '8-K') {
    const kinds = entry.items.map((item) => EIGHT_K_KINDS[item]).filter((kind): kind is TriggerKind => kind !== undefined);
    return [...new Set(kinds)];
  }
  if (form === 'D') return ['funding'];
  if (form === 'S-1') return ['ipo'];
  if (SCHEDULE_13D.test(form) && entry.role === 'Subject') return ['activist'];
  return [];
}

const usd = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export type FilingFacts = {
  /** Form D's amounts (primary_doc.xml). */
  offering?: { totalOfferingAmount: number | null; totalAmountSold: number | null; indefinite: boolean } | null;
  /** 8-K item 5.02: the people named, from the filing's text. */
  officers?: { name: string; title: string | null; change: 'appointed' | 'departing' }[];
  /** Schedule 13D: who filed it (the entry of the same accession with the role 'Filed by'). */
  filedBy?: string | null;
};

/** The event's title: "Huron Consulting Group Inc.: Leadership change". */
export function eventTitle(company: string, kinds: TriggerKind[]): string {
  return `${company}: ${kinds.map((kind) => triggerKindNouns[kind]).join(', ')}`;
}

/** What happened, in sentences the filing's structure and its stated figures support. */
export function eventSummary(company: string, kinds: TriggerKind[], facts: FilingFacts = {}): string {
  const sentences = kinds.flatMap((kind) => (WHAT_HAPPENED[kind] ? [`${company} ${WHAT_HAPPENED[kind]}.`] : []));
  const officers = facts.officers ?? [];
  if (kinds.includes('leadership') && officers.length > 0) {
    const named = officers.slice(0, 4).map((p) => {
      const title = p.title ? ` ${p.title}` : '';
      return p.change === 'appointed'
        ? `${p.name} appointed${title ? ` as${title}` : ''}`
        : `${p.name} leaving${title ? ` as${title}` : ''}`;
    });
    sentences.push(`The filing names: ${named.join('; ')}.`);
  }
  const offering = facts.offering;
  if (kinds.includes('funding') && offering) {
    if (offering.totalAmountSold !== null && offering.totalAmountSold > 0) {
      const of = offering.indefinite
        ? ' of an offering of no stated size'
        : offering.totalOfferingAmount
          ? ` of a ${usd(offering.totalOfferingAmount)} offering`
          : '';
      sentences.push(`Sold so far: ${usd(offering.totalAmountSold)}${of}.`);
    } else if (offering.totalOfferingAmount) {
      sentences.push(`Offering size: ${usd(offering.totalOfferingAmount)}.`);
    }
  }
  if (kinds.includes('activist') && facts.filedBy) sentences.push(`Filed by ${facts.filedBy}.`);
  return sentences.join(' ');
}
