import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { checkRequest, failureToast, REQUIRED_FIELD_ERROR } from './feedback.ts';
import type { ResearchFailure } from './research-stream.ts';

describe('checkRequest', () => {
  it('company news needs a company name and a timeframe', () => {
    const check = checkRequest('companyNews', { companyName: '  ', timeframe: '', sentiment: 'none', keyword: '' });
    expect(check).toEqual({
      ok: false,
      toast: { title: 'Cannot generate analysis', description: 'Please fill in all required fields.' },
      fieldErrors: { companyName: REQUIRED_FIELD_ERROR, timeframe: REQUIRED_FIELD_ERROR },
    });
  });

  it('company news sends trimmed values with an empty keyword as none', () => {
    const check = checkRequest('companyNews', { companyName: ' Acme ', timeframe: '1w', sentiment: 'none', keyword: '' });
    expect(check).toEqual({ ok: true, request: { companyName: 'Acme', timeframe: '1w', sentiment: 'none', keyword: null } });
  });

  it('trends needs industry, trend type and timeframe; the region may stay empty (USA)', () => {
    expect(checkRequest('trends', { industry: '', trendType: '', timeframe: '90d', region: '' })).toEqual({
      ok: false,
      toast: { title: 'Missing Information', description: 'Please fill in all required fields' },
      fieldErrors: { industry: REQUIRED_FIELD_ERROR, trendType: REQUIRED_FIELD_ERROR },
    });
    expect(checkRequest('trends', { industry: 'Fintech', trendType: 'all angles', timeframe: '90d', region: '' })).toEqual({
      ok: true,
      request: { industry: 'Fintech', trendType: 'all angles', timeframe: '90d', region: 'usa' },
    });
  });

  it('earnings needs company, year and quarter', () => {
    expect(checkRequest('earnings', { companyName: 'Acme', year: '', quarter: '', focusArea: '' })).toEqual({
      ok: false,
      toast: { title: 'Missing Information', description: 'Please fill in all required fields' },
      fieldErrors: { year: REQUIRED_FIELD_ERROR, quarter: REQUIRED_FIELD_ERROR },
    });
    expect(checkRequest('earnings', { companyName: 'Acme', year: '2025', quarter: 'Q3', focusArea: 'margins' })).toMatchObject({
      ok: true,
      request: { companyName: 'Acme', year: '2025', quarter: 'Q3', focusArea: 'margins' },
    });
  });

  it('says what is wrong with a value that is present but too long', () => {
    const check = checkRequest('earnings', { companyName: 'A'.repeat(201), year: '2025', quarter: 'Q3', focusArea: '' });
    expect(check).toEqual({
      ok: false,
      toast: { title: 'Missing Information', description: 'Must be at most 200 characters.' },
      fieldErrors: { companyName: 'Must be at most 200 characters.' },
    });
  });
});

describe('failureToast', () => {
  const analysis: ResearchFailure = { kind: 'analysis', code: 'ai_timeout', message: 'The AI took too long to answer.' };
  const format: ResearchFailure = { kind: 'format', message: 'The analysis came back in an unexpected data format.' };
  const notConfigured: ResearchFailure = {
    kind: 'request',
    status: 503,
    code: 'ai_not_configured',
    message: messages.errors.aiNotConfigured,
  };
  const limited: ResearchFailure = { kind: 'request', status: 429, code: 'ai_user_limit', message: 'Try again in 40 seconds.' };
  const refused: ResearchFailure = { kind: 'request', status: 400, code: 'validation', message: 'Please fill in all required fields.' };

  it('company news: AI Response Error with the server message; Invalid response for an unexpected format', () => {
    expect(failureToast('companyNews', analysis)).toEqual({ title: 'AI Response Error', description: analysis.message });
    expect(failureToast('companyNews', format)).toEqual({ title: 'Invalid response', description: format.message });
    expect(failureToast('companyNews', notConfigured)).toEqual({
      title: 'AI Response Error',
      description: messages.errors.aiNotConfigured,
    });
    expect(failureToast('companyNews', limited)).toEqual({ title: 'AI Response Error', description: limited.message });
    expect(failureToast('companyNews', refused)).toEqual({ title: 'Cannot generate analysis', description: refused.message });
  });

  it('trends: the spec title for every failure, with the server message', () => {
    const title = "That's weird, the AI didn't like something. Try again";
    for (const failure of [analysis, format, notConfigured, limited]) {
      expect(failureToast('trends', failure)).toEqual({ title, description: failure.message });
    }
    expect(failureToast('trends', refused)).toEqual({ title: 'Missing Information', description: refused.message });
  });

  it('earnings: the spec title for every failure, with the server message', () => {
    const title = 'Hmm.. the AI rejected something. Give it another go';
    for (const failure of [analysis, format, notConfigured, limited]) {
      expect(failureToast('earnings', failure)).toEqual({ title, description: failure.message });
    }
  });
});
