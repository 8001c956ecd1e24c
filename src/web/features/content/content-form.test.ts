// The form's rules: prefill precedence (typed > query > profile), what is missing, the stat sent
// with the hooks, stats accumulation, and source labels.
import { describe, expect, it } from 'vitest';
import { CONTENT_FIELD_MAX_LENGTH, PREVIOUS_STATS_MAX } from '../../../shared/content.ts';
import type { Profile } from '../../../shared/schemas.ts';
import {
  accumulateStats,
  allFilled,
  applyPrefill,
  type ContentField,
  EMPTY_FORM,
  marketDataFor,
  missingFields,
  sourceLabel,
  startForm,
} from './content-form.ts';

const profile = {
  targetIndustries: ['Retail', 'Logistics'],
  solutionType: 'Route planning',
  primaryValueProp: 'Fewer empty miles',
} as Profile;
const none = new Set<ContentField>();

describe('applyPrefill', () => {
  it('fills Who, What and Why from the profile', () => {
    expect(applyPrefill(EMPTY_FORM, none, profile, new URLSearchParams())).toEqual({
      hookCategory: '',
      audience: 'Retail, Logistics',
      solution: 'Route planning',
      valueProposition: 'Fewer empty miles',
    });
  });

  it('lets ?who= ?what= ?why= override the profile', () => {
    const params = new URLSearchParams({ who: 'CFOs', what: 'Analytics', why: 'Save money' });
    expect(applyPrefill(EMPTY_FORM, none, profile, params)).toMatchObject({
      audience: 'CFOs',
      solution: 'Analytics',
      valueProposition: 'Save money',
    });
    expect(applyPrefill(EMPTY_FORM, none, null, new URLSearchParams({ what: 'Analytics' }))).toMatchObject({
      audience: '',
      solution: 'Analytics',
      valueProposition: '',
    });
  });

  it('ignores blank parameters and blank profile values', () => {
    const blankProfile = { targetIndustries: [], solutionType: ' ', primaryValueProp: null } as unknown as Profile;
    const current = { ...EMPTY_FORM, solution: 'from the query' };
    expect(applyPrefill(current, none, blankProfile, new URLSearchParams({ who: ' ' }))).toEqual(current);
    expect(applyPrefill(EMPTY_FORM, none, profile, new URLSearchParams({ who: '' })).audience).toBe('Retail, Logistics');
  });

  it('cuts a prefill to the length the server accepts', () => {
    const many = { ...profile, targetIndustries: Array.from({ length: 60 }, (_, i) => `Industry number ${i}`) } as Profile;
    const audience = applyPrefill(EMPTY_FORM, none, many, new URLSearchParams()).audience;
    expect(audience).toHaveLength(CONTENT_FIELD_MAX_LENGTH);
    expect(audience.startsWith('Industry number 0, Industry number 1,')).toBe(true);
    expect(applyPrefill(EMPTY_FORM, none, profile, new URLSearchParams({ what: 'w'.repeat(900) })).solution).toHaveLength(
      CONTENT_FIELD_MAX_LENGTH,
    );
  });

  it('never overwrites what the user typed', () => {
    const typed = new Set<ContentField>(['audience', 'valueProposition']);
    const current = { ...EMPTY_FORM, audience: 'Typed who', valueProposition: '' };
    expect(applyPrefill(current, typed, profile, new URLSearchParams({ who: 'CFOs', why: 'Save money' }))).toEqual({
      hookCategory: '',
      audience: 'Typed who',
      solution: 'Route planning',
      valueProposition: '',
    });
  });
});

describe('startForm', () => {
  const restored = {
    values: { hookCategory: 'Question', audience: 'Restored who', solution: '', valueProposition: 'Restored why' },
    typed: ['valueProposition'] as ContentField[],
    generationCount: 3,
  };
  const noLink = new URLSearchParams();

  it('without a restored form is the prefill, counter at zero', () => {
    expect(startForm(EMPTY_FORM, none, null, profile, noLink)).toEqual({
      values: applyPrefill(EMPTY_FORM, none, profile, noLink),
      typed: new Set(),
      generationCount: 0,
    });
  });

  it('restores the form; its filled or typed fields count as typed, so the profile fills only the empty untouched one', () => {
    const started = startForm(EMPTY_FORM, none, restored, profile, noLink);
    expect(started.values).toEqual({ ...restored.values, solution: 'Route planning' });
    expect([...started.typed].sort()).toEqual(['audience', 'hookCategory', 'valueProposition']);
    // Filling the empty field changed the form: the counter starts again.
    expect(started.generationCount).toBe(0);
    // A field the user had emptied on purpose stays empty.
    const cleared = { ...restored, values: { ...restored.values, valueProposition: '' } };
    expect(startForm(EMPTY_FORM, none, cleared, profile, noLink).values.valueProposition).toBe('');
  });

  it('keeps the counter for an unchanged form; a link changing a restored field overrides it and resets the counter', () => {
    const full = { ...restored, values: { ...restored.values, solution: 'Restored what' } };
    expect(startForm(EMPTY_FORM, none, full, profile, noLink)).toMatchObject({ values: full.values, generationCount: 3 });
    expect(startForm(EMPTY_FORM, none, full, profile, new URLSearchParams({ who: 'Restored who' })).generationCount).toBe(3);
    const linked = startForm(EMPTY_FORM, none, full, profile, new URLSearchParams({ who: 'CFOs', why: ' ' }));
    expect(linked.values).toEqual({ ...full.values, audience: 'CFOs' });
    expect(linked.generationCount).toBe(0);
  });

  it('keeps what was typed since the page opened over the restored form and the link', () => {
    const typedNow = new Set<ContentField>(['audience']);
    const current = { ...EMPTY_FORM, audience: 'Typed now' };
    const started = startForm(current, typedNow, restored, profile, new URLSearchParams({ who: 'CFOs' }));
    expect(started.values.audience).toBe('Typed now');
    expect(started.values.valueProposition).toBe('Restored why');
  });
});

describe('missingFields', () => {
  it('lists blank fields, the hook category included', () => {
    expect(missingFields(EMPTY_FORM)).toEqual(['hookCategory', 'audience', 'solution', 'valueProposition']);
    const filled = { hookCategory: 'Question', audience: 'a', solution: 'b', valueProposition: 'c' };
    expect(missingFields({ ...filled, solution: '  ' })).toEqual(['solution']);
    expect(allFilled(filled)).toBe(true);
    expect(allFilled({ ...filled, hookCategory: '' })).toBe(false);
  });
});

describe('marketDataFor', () => {
  const stats = [
    { statistic: 'first 1%', source: 'https://a.example.com' },
    { statistic: 'second 2%', source: 'https://b.example.com' },
  ];
  it('is the chosen stat, else the first, else none', () => {
    expect(marketDataFor(stats, 1)).toBe(stats[1]);
    expect(marketDataFor(stats, null)).toBe(stats[0]);
    expect(marketDataFor([], null)).toBeNull();
    expect(marketDataFor(stats, 7)).toBe(stats[0]);
  });
});

describe('accumulateStats', () => {
  it('keeps every stat returned, the newest when over the limit', () => {
    const make = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ statistic: `s${from + i}`, source: `https://x.example.com/${from + i}` }));
    expect(accumulateStats(make(0, 2), make(2, 3)).map((s) => s.statistic)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    const many = accumulateStats(make(0, PREVIOUS_STATS_MAX), make(PREVIOUS_STATS_MAX, 5));
    expect(many).toHaveLength(PREVIOUS_STATS_MAX);
    expect(many[0]!.statistic).toBe('s5');
    expect(many.at(-1)!.statistic).toBe(`s${PREVIOUS_STATS_MAX + 4}`);
  });
});

describe('sources', () => {
  it('reads as the publisher, else the host name', () => {
    expect(sourceLabel({ statistic: 's', source: 'https://www.news.example.com/a', publisher: 'Example News' })).toBe('Example News');
    expect(sourceLabel({ statistic: 's', source: 'https://www.news.example.com/a', publisher: null })).toBe('news.example.com');
    expect(sourceLabel({ statistic: 's', source: 'not a url' })).toBe('not a url');
  });
});
