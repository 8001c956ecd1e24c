import { describe, expect, it } from 'vitest';
import type { Newsletter } from '../../../shared/newsletter.ts';
import {
  addCompany,
  canAddCompany,
  changeCompany,
  moreCompaniesText,
  removeCompany,
  serverFormValues,
  toggleRegion,
  toggleTopic,
} from './form-state.ts';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ companyName: `C${i}`, keywords: '' }));

describe('regions', () => {
  it('Global clears the others and another clears Global', () => {
    expect(toggleRegion(['usa', 'uk'], 'global')).toEqual(['global']);
    expect(toggleRegion(['global'], 'apac')).toEqual(['apac']);
    expect(toggleRegion(['usa'], 'uk')).toEqual(['usa', 'uk']);
  });

  it('choosing a chosen region again removes it, down to none', () => {
    expect(toggleRegion(['usa', 'uk'], 'usa')).toEqual(['uk']);
    expect(toggleRegion(['global'], 'global')).toEqual([]);
  });
});

describe('trend topics', () => {
  it('toggle on and off', () => {
    expect(toggleTopic([], 'innovation_rd')).toEqual(['innovation_rd']);
    expect(toggleTopic(['innovation_rd', 'market_expansion'], 'innovation_rd')).toEqual(['market_expansion']);
  });
});

describe('companies', () => {
  it('adds up to 25', () => {
    expect(addCompany(rows(1))).toHaveLength(2);
    expect(canAddCompany(rows(24))).toBe(true);
    expect(canAddCompany(rows(25))).toBe(false);
    expect(addCompany(rows(25))).toHaveLength(25);
  });

  it('removes a row, leaving an empty one when it was the last', () => {
    expect(removeCompany(rows(3), 1).map((c) => c.companyName)).toEqual(['C0', 'C2']);
    expect(removeCompany(rows(1), 0)).toEqual([{ companyName: '', keywords: '' }]);
  });

  it('changes one row', () => {
    expect(changeCompany(rows(2), 1, { keywords: 'a, b' })).toEqual([
      { companyName: 'C0', keywords: '' },
      { companyName: 'C1', keywords: 'a, b' },
    ]);
  });

  it('counts the rows a collapsed list hides', () => {
    expect(moreCompaniesText(3)).toBe('3 more companies...');
    expect(moreCompaniesText(1)).toBe('1 more companies...');
  });
});

describe('notification e-mail', () => {
  const saved = (notificationEmail: string | null): Newsletter => ({
    id: 'id',
    active: true,
    industry: 'Banking',
    regions: ['usa'],
    industryCategories: [],
    portfolio: [{ companyName: 'Acme', keywords: [] }],
    deliveryDay: 'MON',
    deliveryTime: '09:00',
    frequency: '7d',
    notificationEmail,
    lastChecked: null,
    updatedAt: '2030-01-01T00:00:00.000Z',
  });

  it('is empty for a new newsletter and for a stored NULL (the default address), else the stored address', () => {
    expect(serverFormValues(null).notificationEmail).toBe('');
    expect(serverFormValues(saved(null)).notificationEmail).toBe('');
    expect(serverFormValues(saved('desk@example.com')).notificationEmail).toBe('desk@example.com');
  });
});
