// What a news story tells a seller (issue 31): the kinds of trigger event its headline reports, and
// which watched companies it names. Headlines only, by rules a reader can check: a story that only
// mentions a word in passing in its body is not a leadership change at the company.
import type { TriggerKind } from '../../../shared/triggers.ts';
import { normaliseCompanyName } from '../../sources/web/company-name.ts';

/** The words a batched search asks for besides the companies (any one of them). */
export const NEWS_EVENT_WORDS = [
  'appoints',
  'names',
  'hires',
  'CEO',
  'CFO',
  'steps down',
  'resigns',
  'acquires',
  'acquisition',
  'to buy',
  'merger',
  'raises',
  'funding',
  'layoffs',
  'job cuts',
  'launches',
  'unveils',
];

/** The kinds a story can be; the rest come from filings only. */
export const NEWS_KINDS: readonly TriggerKind[] = ['leadership', 'acquisition', 'funding', 'restructuring', 'product_launch'];

const ROLE = String.raw`(?:CEO|CFO|COO|CTO|CIO|CMO|CRO|chief\b[\w\s-]{0,30}?officer|president|chair(?:man|woman|person)?|head of)`;
const RULES: [TriggerKind, RegExp][] = [
  [
    'leadership',
    new RegExp(
      String.raw`\b(?:appoints?|appointed|names?|named|hires?|hired|promotes?|promoted|taps|picks)\b.{0,60}\b${ROLE}|\b${ROLE}\b.{0,40}\b(?:steps? down|resigns?|to step down|to retire|retires|departs|exits|ousted)\b|\b(?:new|interim)\s+${ROLE}`,
      'i',
    ),
  ],
  ['acquisition', /\b(?:acquires?|acquired|to acquire|acquisition of|buys|to buy|agrees to buy|merger with|to merge with|takeover of)\b/i],
  [
    'funding',
    /\b(?:raises?|raised|secures?|closes?)\b.{0,40}(?:\$\s?\d|€\s?\d|£\s?\d|\bseries [a-f]\b|\bfunding\b|\bround\b)|\b(?:series [a-f]|seed) (?:round|funding)\b/i,
  ],
  [
    'restructuring',
    /\b(?:layoffs?|lays off|laid off|job cuts?|cuts? [\d,]+ (?:jobs|roles|staff|employees|workers)|to cut [\d,]+|workforce reduction|restructuring plan)\b/i,
  ],
  ['product_launch', /\b(?:launches|launched|unveils|unveiled|introduces|rolls out|debuts)\b/i],
];

/** The kinds a headline reports, in TRIGGER_KINDS order of the rules; none for anything else. */
export function newsKindsOf(headline: string): TriggerKind[] {
  return RULES.filter(([, rule]) => rule.test(headline)).map(([kind]) => kind);
}

/** The names among `names` that the headline names (compared as company names: "Apple" in "Apple Inc. names…"). */
export function companiesIn(headline: string, names: string[]): string[] {
  const words = ` ${normaliseCompanyName(headline)} `;
  return names.filter((name) => {
    const key = normaliseCompanyName(name);
    return key !== '' && words.includes(` ${key} `);
  });
}
