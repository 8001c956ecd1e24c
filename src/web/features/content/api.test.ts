// The content calls' answers checked with the shared response schemas: what each call resolves
// with, and the text it rejects with when the answer does not fit (spec 02 §7, §8).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_API, contentMessages } from '../../../shared/content.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { contentApi, NO_MODIFIED_CONTENT, readDraft, readHooks, readModified, readStats, readStatus, UNEXPECTED_STATUS } from './api.ts';
import { InvalidDraftResponse } from './draft-errors.ts';
import { sampleCtaOptions } from './test-data.ts';

const stat = { statistic: '42% of CFOs plan to cut SaaS spend', source: 'https://news.example.com/cfo', publisher: 'Example News' };
const ctaOptions = sampleCtaOptions;
const inputs = { hookCategory: 'Question', audience: 'CFOs', solution: 'Spend analytics', valueProposition: 'Cut waste' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readStats', () => {
  it('keeps statistic, source and publisher (null when absent or not text)', () => {
    expect(
      readStats({
        data: [
          stat,
          { statistic: 'b 5%', source: 'https://b.example.com' },
          { statistic: 'c 6%', source: 'https://c.example.com', publisher: 3 },
        ],
      }),
    ).toEqual([
      stat,
      { statistic: 'b 5%', source: 'https://b.example.com', publisher: null },
      { statistic: 'c 6%', source: 'https://c.example.com', publisher: null },
    ]);
  });

  it('shows the texts as sent: a source that is no web address is kept (it is shown without a link)', () => {
    expect(readStats({ data: [{ statistic: 'x', source: 'javascript:alert(1)' }] })).toEqual([
      { statistic: 'x', source: 'javascript:alert(1)', publisher: null },
    ]);
  });

  it.each([
    null,
    undefined,
    'text',
    { data: null },
    { data: {} },
    { data: [] },
    { data: [null] },
    { data: [{ statistic: 'x' }] },
    { data: [{ statistic: 'x', source: 7 }] },
  ])('rejects %j', (body) => {
    expect(() => readStats(body)).toThrow(new Error('Invalid response format from analyze-metrics'));
  });
});

describe('readHooks', () => {
  it('answers the hooks as sent', () => {
    expect(readHooks({ hooks: ['1. First', '  ', 'Second'] })).toEqual(['1. First', '  ', 'Second']);
  });

  it.each([null, {}, { hooks: 'one hook' }, { hooks: ['fine', 5] }])("rejects %j with 'Failed to generate hooks'", (body) => {
    expect(() => readHooks(body)).toThrow(new Error(contentMessages.hooks.failed));
  });
});

describe('readDraft', () => {
  it('accepts a draft with all five CTA texts, as sent, and nothing else', () => {
    const cta = { ...ctaOptions, engagement: '  Spaced out  ' };
    expect(readDraft({ content: ' Hook\n\nBody ', ctaOptions: { ...cta, extra: 'x' }, extra: 1 })).toEqual({
      content: ' Hook\n\nBody ',
      ctaOptions: cta,
    });
  });

  it.each([
    ['no body', null],
    ['no content', { ctaOptions }],
    ['empty content', { content: '  ', ctaOptions }],
    ['content not text', { content: ['a'], ctaOptions }],
    ['no ctaOptions', { content: 'Hook' }],
    ['ctaOptions not an object', { content: 'Hook', ctaOptions: 'Follow me' }],
    ['a CTA missing', { content: 'Hook', ctaOptions: { ...ctaOptions, meetingBooking: undefined } }],
    ['a CTA not text', { content: 'Hook', ctaOptions: { ...ctaOptions, engagement: 5 } }],
    ['a CTA empty', { content: 'Hook', ctaOptions: { ...ctaOptions, networkBuilding: ' ' } }],
  ])('rejects %s', (_, body) => {
    expect(() => readDraft(body)).toThrow(InvalidDraftResponse);
  });
});

describe('readModified', () => {
  it('answers the rewrite as sent', () => {
    expect(readModified({ modifiedContent: 'Shorter\n\nPost' })).toBe('Shorter\n\nPost');
  });

  it.each([null, {}, { modifiedContent: '' }, { modifiedContent: ' \n ' }, { modifiedContent: 3 }])('rejects %j', (body) => {
    expect(() => readModified(body)).toThrow(new Error(NO_MODIFIED_CONTENT));
  });
});

describe('readStatus', () => {
  it('accepts either status', () => {
    expect(readStatus({ configured: true, model: 'm' })).toEqual({ configured: true, model: 'm' });
    expect(readStatus({ configured: false, message: 'Set AI_API_KEY.' })).toEqual({ configured: false, message: 'Set AI_API_KEY.' });
  });

  it.each([null, {}, { configured: true }, { configured: false }, { configured: 'yes', model: 'm' }])('rejects %j', (body) => {
    expect(() => readStatus(body)).toThrow(new Error(UNEXPECTED_STATUS));
  });
});

describe('contentApi', () => {
  /** Answers every request with `body` and `status`; records what was sent. */
  function stubFetch(status: number, body: unknown) {
    const sent: { path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    return sent;
  }

  it('posts each call to its path and resolves with the checked answer', async () => {
    let sent = stubFetch(200, { data: [stat], extra: true });
    expect(await contentApi.analyzeMetrics({ ...inputs })).toEqual([stat]);
    expect(sent).toEqual([{ path: CONTENT_API.analyzeMetrics, body: inputs }]);

    sent = stubFetch(200, { hooks: ['A hook'] });
    expect(await contentApi.generateHooks({ inputs, marketData: null })).toEqual(['A hook']);
    expect(sent[0]?.path).toBe(CONTENT_API.generateHooks);

    sent = stubFetch(200, { content: 'Draft', ctaOptions });
    expect(await contentApi.postBuilder({ hook: 'A hook', inputs: { ...inputs, marketData: null } })).toEqual({
      content: 'Draft',
      ctaOptions,
    });
    expect(sent[0]?.path).toBe(CONTENT_API.postBuilder);

    sent = stubFetch(200, { modifiedContent: 'Shorter' });
    expect(await contentApi.modifyContent({ content: 'Draft', modification: 'shorter' })).toBe('Shorter');
    expect(sent[0]?.path).toBe(CONTENT_API.modifyContent);
  });

  it("rejects an answer that does not fit with the call's own text", async () => {
    stubFetch(200, { data: 'nope' });
    await expect(contentApi.analyzeMetrics({ ...inputs })).rejects.toThrow(contentMessages.stats.invalidFormat);
    stubFetch(200, { hooks: null });
    await expect(contentApi.generateHooks({ inputs })).rejects.toThrow(contentMessages.hooks.failed);
    stubFetch(200, { content: 'Draft' });
    await expect(contentApi.postBuilder({ hook: 'A hook', inputs })).rejects.toBeInstanceOf(InvalidDraftResponse);
    stubFetch(200, {});
    await expect(contentApi.modifyContent({ content: 'Draft', modification: 'casual' })).rejects.toThrow(NO_MODIFIED_CONTENT);
  });

  it("rejects a refusal with the server's status and code, unchecked", async () => {
    stubFetch(429, { error: { code: 'ai_user_limit', message: 'Try again in 12 minutes.' } });
    const err = await contentApi.analyzeMetrics({ ...inputs }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 429, code: 'ai_user_limit', message: 'Try again in 12 minutes.' });
  });
});
