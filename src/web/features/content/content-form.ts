// The form's rules without React: where the prefilled values come from (spec 02 §2), what counts as
// filled (§5), which stat goes with the hooks (§4), and how returned stats accumulate (§4).
import { CONTENT_FIELD_MAX_LENGTH, type ContentInputs, PREVIOUS_STATS_MAX, type Stat } from '../../../shared/content.ts';
import type { Profile } from '../../../shared/schemas.ts';
import { safeHttpUrl } from '../../components/external-link.tsx';

export type ContentFormValues = { hookCategory: string; audience: string; solution: string; valueProposition: string };
export type ContentField = keyof ContentFormValues;
export const CONTENT_FIELDS: readonly ContentField[] = ['hookCategory', 'audience', 'solution', 'valueProposition'];

export const EMPTY_FORM: ContentFormValues = { hookCategory: '', audience: '', solution: '', valueProposition: '' };

/** Query parameters that prefill the form (?who= ?what= ?why=) and the field each one fills. */
export const QUERY_FIELDS = { who: 'audience', what: 'solution', why: 'valueProposition' } as const;
type PrefilledField = (typeof QUERY_FIELDS)[keyof typeof QUERY_FIELDS];

/** The second sentence of the hint shown after many stats generations (spec 02 §9). */
export const STATS_HINT_SUGGESTION = 'Try changing Why, broadening What, or honing in on Who.';

export const REQUIRED_FIELD_ERROR = 'This field is required.';

const nonBlank = (value: string | null | undefined) => (value?.trim() ? value : null);

function profileValues(profile: Profile | null | undefined): Record<PrefilledField, string | null> {
  return {
    audience: nonBlank(profile?.targetIndustries?.join(', ')),
    solution: nonBlank(profile?.solutionType),
    valueProposition: nonBlank(profile?.primaryValueProp),
  };
}

/**
 * The form after prefilling: a query parameter beats the profile, and neither overwrites a field
 * the user has already typed in.
 */
export function applyPrefill(
  values: ContentFormValues,
  typed: ReadonlySet<ContentField>,
  profile: Profile | null | undefined,
  params: URLSearchParams,
): ContentFormValues {
  const fromProfile = profileValues(profile);
  const next = { ...values };
  for (const [param, field] of Object.entries(QUERY_FIELDS) as [keyof typeof QUERY_FIELDS, PrefilledField][]) {
    if (typed.has(field)) continue;
    // A long list of target industries or a long link parameter would be refused by the server as a whole.
    next[field] = (nonBlank(params.get(param)) ?? fromProfile[field] ?? values[field]).slice(0, CONTENT_FIELD_MAX_LENGTH);
  }
  return next;
}

/** The form as the user left it (kept for the tab): its values, the fields typed in, the stats counter. */
export type FormSnapshot = { values: ContentFormValues; typed: ContentField[]; generationCount: number };

/**
 * The form once the user is known, and its stats counter. A restored form comes first: its fields
 * the user typed in, or that held a value, count as typed, so the profile never overwrites them.
 * The link's ?who= ?what= ?why= beat the restored values (an explicit link); the profile fills the
 * rest. Fields typed since the page opened stay. The counter survives only an unchanged form
 * (spec 02 §4: any change resets it).
 */
export function startForm(
  current: ContentFormValues,
  typedNow: ReadonlySet<ContentField>,
  restored: FormSnapshot | null,
  profile: Profile | null | undefined,
  params: URLSearchParams,
): { values: ContentFormValues; typed: Set<ContentField>; generationCount: number } {
  const typed = new Set(typedNow);
  let values = current;
  if (restored) {
    values = { ...current };
    for (const field of CONTENT_FIELDS) {
      if (typedNow.has(field) || (!restored.typed.includes(field) && restored.values[field] === '')) continue;
      values[field] = restored.values[field];
      typed.add(field);
    }
    values = applyPrefill(values, typedNow, null, params);
  }
  values = applyPrefill(values, typed, profile, params);
  const unchanged = restored !== null && CONTENT_FIELDS.every((field) => values[field] === restored.values[field]);
  return { values, typed, generationCount: unchanged ? restored.generationCount : 0 };
}

/** Fields that are empty once trimmed; a hook category must be chosen. */
export const missingFields = (values: ContentFormValues): ContentField[] => CONTENT_FIELDS.filter((field) => !values[field].trim());

export const allFilled = (values: ContentFormValues) => missingFields(values).length === 0;

/** The values as a request's inputs; sent once filled, and the server checks the category. */
export const asInputs = (values: ContentFormValues): ContentInputs => ({
  ...values,
  hookCategory: values.hookCategory as ContentInputs['hookCategory'],
});

/** The stat sent with the hooks: the chosen one, else the first in the list, else none (spec 02 §4). */
export const marketDataFor = (stats: readonly Stat[], selected: number | null): Stat | null =>
  (selected !== null ? stats[selected] : undefined) ?? stats[0] ?? null;

/** Every stat returned so far, newest kept when over the limit the server accepts as previousStats. */
export const accumulateStats = (previous: readonly Stat[], latest: readonly Stat[]): Stat[] =>
  [...previous, ...latest].slice(-PREVIOUS_STATS_MAX);

/** How a stat's source reads: its publisher, else the article's host name. */
export function sourceLabel(stat: Stat): string {
  if (stat.publisher?.trim()) return stat.publisher.trim();
  const href = safeHttpUrl(stat.source);
  return href ? new URL(href).hostname.replace(/^www\./, '') : stat.source;
}
