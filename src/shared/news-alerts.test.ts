import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { missesRequiredField, newsAlertFieldMessages, newsAlertFormSchema } from './news-alerts.ts';

const valid = { active: true, companyName: 'Acme', keywords: '', deliveryDays: ['MON'], deliveryHour: 9, notificationEmail: '' };
const errorsOf = (value: unknown) => {
  const parsed = z.safeParse(newsAlertFormSchema, value);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message]));
};

describe('newsAlertFormSchema', () => {
  it('normalises what the user typed', () => {
    expect(
      z.parse(newsAlertFormSchema, {
        ...valid,
        companyName: '  Acme  ',
        keywords: ' merger,, layoffs , ',
        deliveryDays: ['SUN', 'WED', 'MON'],
        notificationEmail: ' Me@Example.COM ',
      }),
    ).toEqual({
      active: true,
      companyName: 'Acme',
      keywords: ['merger', 'layoffs'],
      deliveryDays: ['MON', 'WED', 'SUN'],
      deliveryHour: 9,
      notificationEmail: 'me@example.com',
    });
    expect(z.parse(newsAlertFormSchema, valid).notificationEmail).toBeNull();
  });

  it('names each missing required field', () => {
    const errors = errorsOf({ ...valid, companyName: ' ', deliveryDays: [], deliveryHour: null });
    expect(errors).toEqual({
      companyName: newsAlertFieldMessages.companyName,
      deliveryDays: newsAlertFieldMessages.deliveryDays,
      deliveryHour: newsAlertFieldMessages.deliveryHour,
    });
    expect(missesRequiredField(errors)).toBe(true);
  });

  it('limits keywords to 200 characters as typed', () => {
    expect(errorsOf({ ...valid, keywords: 'k'.repeat(200) })).toEqual({});
    const errors = errorsOf({ ...valid, keywords: 'k'.repeat(201) });
    expect(errors).toEqual({ keywords: newsAlertFieldMessages.keywordsTooLong });
    expect(missesRequiredField(errors)).toBe(false);
  });

  it('offers hours 6 to 18 only, each day once, valid e-mails and no other fields', () => {
    expect(errorsOf({ ...valid, deliveryHour: 6 })).toEqual({});
    expect(errorsOf({ ...valid, deliveryHour: 18 })).toEqual({});
    expect(errorsOf({ ...valid, deliveryHour: 5 })).toHaveProperty('deliveryHour');
    expect(errorsOf({ ...valid, deliveryHour: 19 })).toHaveProperty('deliveryHour');
    expect(errorsOf({ ...valid, deliveryDays: ['MON', 'MON'] })).toEqual({ deliveryDays: newsAlertFieldMessages.duplicateDays });
    expect(errorsOf({ ...valid, deliveryDays: ['XYZ'] })).toHaveProperty(['deliveryDays.0']);
    expect(errorsOf({ ...valid, notificationEmail: 'nope' })).toEqual({ notificationEmail: newsAlertFieldMessages.notificationEmail });
    expect(errorsOf({ ...valid, userId: 'x' })).toHaveProperty('_');
  });
});
