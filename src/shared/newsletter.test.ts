import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  type NewsletterFormValues,
  newNewsletterForm,
  newsletterErrors,
  newsletterErrorTitle,
  newsletterInputSchema,
  newsletterMessages,
  newsletterToForm,
} from './newsletter.ts';

const valid: NewsletterFormValues = {
  active: true,
  industry: '  Commercial Banking ',
  regions: ['usa', 'canada'],
  industryCategories: ['market_expansion'],
  portfolio: [{ companyName: ' Acme ', keywords: 'robots, , warehouses ,' }],
  deliveryDay: 'TUE',
  deliveryTime: '14:00',
  frequency: '14d',
  notificationEmail: ' Me@Example.com ',
};

const parse = (overrides: Partial<Record<keyof NewsletterFormValues, unknown>>) =>
  z.safeParse(newsletterInputSchema, { ...valid, ...overrides });
const firstMessage = (overrides: Partial<Record<keyof NewsletterFormValues, unknown>>) => {
  const result = parse(overrides);
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message;
};

describe('newsletterInputSchema', () => {
  it('trims, splits keywords and lowercases the e-mail', () => {
    expect(z.parse(newsletterInputSchema, valid)).toEqual({
      active: true,
      industry: 'Commercial Banking',
      regions: ['usa', 'canada'],
      industryCategories: ['market_expansion'],
      portfolio: [{ companyName: 'Acme', keywords: ['robots', 'warehouses'] }],
      deliveryDay: 'TUE',
      deliveryTime: '14:00',
      frequency: '14d',
      notificationEmail: 'me@example.com',
    });
  });

  it('needs an industry and at least one named company', () => {
    expect(firstMessage({ industry: '   ' })).toBe(newsletterMessages.missing);
    expect(firstMessage({ portfolio: [] })).toBe(newsletterMessages.missing);
    expect(firstMessage({ portfolio: [{ companyName: '  ', keywords: 'a, b' }] })).toBe(newsletterMessages.missing);
  });

  it('drops companies without a name', () => {
    const result = parse({
      portfolio: [
        { companyName: '', keywords: 'lost' },
        { companyName: 'Beta', keywords: '' },
      ],
    });
    expect(result.data?.portfolio).toEqual([{ companyName: 'Beta', keywords: [] }]);
  });

  it('takes up to 25 companies', () => {
    const companies = (n: number) => Array.from({ length: n }, (_, i) => ({ companyName: `Company ${i}`, keywords: '' }));
    expect(parse({ portfolio: companies(25) }).data?.portfolio).toHaveLength(25);
    expect(firstMessage({ portfolio: companies(26) })).toBe(newsletterMessages.limit);
  });

  it('falls back to USA and keeps Global alone', () => {
    expect(parse({ regions: [] }).data?.regions).toEqual(['usa']);
    expect(parse({ regions: ['global'] }).data?.regions).toEqual(['global']);
    expect(firstMessage({ regions: ['global', 'uk'] })).toBe(newsletterErrors.globalExclusive);
    expect(firstMessage({ regions: ['uk', 'uk'] })).toBe(newsletterErrors.regionsRepeated);
    expect(parse({ regions: ['mars'] }).success).toBe(false);
  });

  it('takes no, some or all trend topics, each once', () => {
    expect(parse({ industryCategories: [] }).data?.industryCategories).toEqual([]);
    expect(firstMessage({ industryCategories: ['innovation_rd', 'innovation_rd'] })).toBe(newsletterErrors.topicsRepeated);
    expect(parse({ industryCategories: ['astrology'] }).success).toBe(false);
  });

  it('checks lengths, choices and the e-mail', () => {
    expect(parse({ industry: 'x'.repeat(200) }).success).toBe(true);
    expect(firstMessage({ industry: 'x'.repeat(201) })).toBe(newsletterErrors.industryTooLong);
    expect(firstMessage({ portfolio: [{ companyName: 'x'.repeat(201), keywords: '' }] })).toBe(newsletterErrors.companyNameTooLong);
    expect(firstMessage({ portfolio: [{ companyName: 'A', keywords: 'k,'.repeat(251) }] })).toBe(newsletterErrors.keywordsTooLong);
    expect(firstMessage({ deliveryDay: 'FRIDAY' })).toBe(newsletterErrors.deliveryDay);
    expect(firstMessage({ deliveryTime: '09:30' })).toBe(newsletterErrors.deliveryTime);
    expect(firstMessage({ frequency: '1d' })).toBe(newsletterErrors.frequency);
    expect(firstMessage({ notificationEmail: 'not-an-email' })).toBe(newsletterErrors.email);
    expect(parse({ notificationEmail: '  ' }).data?.notificationEmail).toBeNull();
  });

  it('refuses unknown fields and wrong types', () => {
    expect(parse({ userId: 'someone-else' } as never).success).toBe(false);
    expect(parse({ portfolio: [{ companyName: 'A', keywords: '', extra: 1 }] }).success).toBe(false);
    expect(parse({ active: 'yes' }).success).toBe(false);
    expect(parse({ portfolio: { companyName: 'A', keywords: '' } }).success).toBe(false);
    expect(parse({ portfolio: [{ companyName: 'A', keywords: ['a', 'b'] }] }).success).toBe(false);
  });
});

describe('form helpers', () => {
  it('names the titles the spec gives', () => {
    expect(newsletterErrorTitle(newsletterMessages.missing)).toBe('Missing Information');
    expect(newsletterErrorTitle(newsletterMessages.limit)).toBe('Maximum Limit Reached');
    expect(newsletterErrorTitle(newsletterErrors.globalExclusive)).toBeUndefined();
  });

  it('a new form is valid once industry and a company are filled in', () => {
    const form = newNewsletterForm();
    expect(form).toMatchObject({ active: false, regions: ['usa'], deliveryDay: 'MON', deliveryTime: '09:00', frequency: '7d' });
    expect(z.safeParse(newsletterInputSchema, form).success).toBe(false);
    const filled = { ...form, industry: 'Banking', portfolio: [{ companyName: 'Acme', keywords: '' }] };
    expect(z.safeParse(newsletterInputSchema, filled).success).toBe(true);
  });

  it('a saved newsletter round-trips through the form', () => {
    const saved = {
      id: 'id',
      active: true,
      industry: 'Banking',
      regions: ['uk' as const],
      industryCategories: [],
      portfolio: [{ companyName: 'Acme', keywords: ['robots', 'ai'] }],
      deliveryDay: 'WED' as const,
      deliveryTime: '10:00',
      frequency: '30d' as const,
      notificationEmail: null,
      lastChecked: null,
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    const form = newsletterToForm(saved);
    expect(form.portfolio).toEqual([{ companyName: 'Acme', keywords: 'robots, ai' }]);
    // No stored address: the field stays empty (the default applies; ADR 009).
    expect(form.notificationEmail).toBe('');
    expect(z.parse(newsletterInputSchema, form).portfolio).toEqual(saved.portfolio);
  });
});
