import { describe, expect, it } from 'vitest';
import { wolfebotMessages } from '../../../shared/wolfebot.ts';
import { autoTitleOf } from './answer.ts';
import { checkAnswer } from './check.ts';
import { asksForDraft, detectActions, detectCompany, detectSince, includesSent, wantsNews } from './parse.ts';

const now = new Date('2025-06-18T15:00:00Z'); // a Wednesday

describe('detectCompany', () => {
  const known = ['Acme', 'Acme Robotics', 'Globex', 'AT&T'];
  it('finds the longest known company, whole words, any case', () => {
    expect(detectCompany('What changed at acme robotics this week?', known)).toBe('Acme Robotics');
    expect(detectCompany('Prep for Acme discovery call', known)).toBe('Acme');
    expect(detectCompany('Pricing objection from GLOBEX', known)).toBe('Globex');
    expect(detectCompany('News about AT&T', known)).toBe('AT&T');
    expect(detectCompany('Any news on Acmefoods?', ['Acme'])).toBe('Acmefoods');
  });
  it('falls back to a capitalised name after a preposition, never a month', () => {
    expect(detectCompany('Renewal talking points for Contoso', [])).toBe('Contoso');
    expect(detectCompany('What is new at Northwind Traders since March 3?', [])).toBe('Northwind Traders');
    expect(detectCompany('What happened since March?', [])).toBeNull();
    expect(detectCompany('what do quantum widgets cost?', [])).toBeNull();
  });
});

describe('detectSince', () => {
  const date = (iso: string) => ({ kind: 'date', date: new Date(iso) });
  it('reads explicit dates, the latest one not after today', () => {
    expect(detectSince('What changed at Acme since 2025-03-01?', now)).toEqual(date('2025-03-01T00:00:00Z'));
    expect(detectSince('What changed at Acme since March 3?', now)).toEqual(date('2025-03-03T00:00:00Z'));
    expect(detectSince('anything since 3 March 2024', now)).toEqual(date('2024-03-03T00:00:00Z'));
    expect(detectSince('since Sept. 5', now)).toEqual(date('2024-09-05T00:00:00Z'));
    expect(detectSince('since December', now)).toEqual(date('2024-12-01T00:00:00Z'));
  });
  it('reads the last conversation and relative periods', () => {
    expect(detectSince('What changed at Acme since my last conversation about Acme?', now)).toEqual({ kind: 'last_conversation' });
    expect(detectSince('Acme news this week', now)).toEqual(date('2025-06-16T00:00:00Z'));
    expect(detectSince('Acme in the last 30 days', now)).toEqual(date('2025-05-19T15:00:00Z'));
    expect(detectSince('Acme over the past 2 weeks', now)).toEqual(date('2025-06-04T15:00:00Z'));
    expect(detectSince('Acme last month', now)).toEqual(date('2025-05-19T15:00:00Z'));
    expect(detectSince('Tell me about Acme', now)).toBeNull();
    expect(detectSince('since forever', now)).toBeNull();
  });
});

describe('wantsNews and includesSent', () => {
  it('wants news for what is new, changed or latest', () => {
    for (const q of ['What changed at Acme?', "What's new with Acme", 'Latest on Acme', 'Acme news', 'Acme since May 1']) {
      expect(wantsNews(q), q).toBe(true);
    }
    expect(wantsNews('Prep for Acme discovery call')).toBe(false);
  });
  it('includes what was sent only when asked', () => {
    expect(includesSent('Show me the Acme news again')).toBe(true);
    expect(includesSent('Acme news, including what I was sent')).toBe(true);
    expect(includesSent('What changed at Acme?')).toBe(false);
  });
});

describe('detectActions', () => {
  it('suggests watching a company, a report on a website and a LinkedIn draft of the last answer', () => {
    expect(detectActions('Watch Acme for me', null)).toEqual([{ type: 'watch_company', company: 'Acme' }]);
    expect(detectActions('please track Globex Corp.', null)).toEqual([{ type: 'watch_company', company: 'Globex Corp' }]);
    expect(detectActions('Email me an AIR report on acme.com', null)).toEqual([{ type: 'air_report', website: 'acme.com' }]);
    expect(detectActions('an account intelligence report for https://www.acme.com/about.', null)).toEqual([
      { type: 'air_report', website: 'https://www.acme.com/about' },
    ]);
    expect(detectActions('Draft a LinkedIn post from this', 'Acme opened a plant [1].')).toEqual([
      { type: 'linkedin_draft', text: 'Acme opened a plant [1].' },
    ]);
    expect(detectActions('Draft a LinkedIn post from this', null)).toEqual([]);
    expect(asksForDraft('Draft a LinkedIn post from this')).toBe(true);
  });
  it('leaves ordinary questions alone', () => {
    for (const q of [
      'Did Acme watch the market?',
      'LinkedIn post ideas for this week',
      'What is an AIR report?',
      'Prep for Acme discovery call',
    ]) {
      expect(detectActions(q, 'previous'), q).toEqual([]);
    }
  });
});

describe('checkAnswer', () => {
  const docs = [1, 2].map((n) => ({
    n,
    title: `Doc ${n}`,
    url: `https://example.com/${n}`,
    kind: 'news' as const,
    text: n === 2 ? 'Acme grew 12% in 2025, and hired Dana Reyes as CFO.' : '',
  }));
  it('keeps citations to retrieved documents, drops invented ones and marks each sentence', () => {
    const checked = checkAnswer(
      docs,
      'Acme grew 12% [2][9]. It hired Dana Reyes. Would you like talking points?\nI found nothing on pricing.',
    );
    expect(checked.text).toBe('Acme grew 12% [2]. It hired Dana Reyes. Would you like talking points?\nI found nothing on pricing.');
    expect(checked.citations).toEqual([{ n: 2, title: 'Doc 2', url: 'https://example.com/2', kind: 'news' }]);
    expect(checked.sentences.map((s) => [s.verdict, s.cites])).toEqual([
      ['supported', [2]],
      ['uncited', []],
      ['not_factual', []],
      ['not_factual', []],
    ]);
    expect(checked.statements).toEqual({ sourced: 1, total: 2, dropped: 0 });
  });
  it('takes markers before or after the full stop', () => {
    const checked = checkAnswer(docs, 'Acme grew [1]. Globex shrank. [2]');
    expect(checked.sentences.map((s) => s.cites)).toEqual([[1], [2]]);
  });
});

describe('autoTitleOf', () => {
  it('names a conversation after its first message, cut to 60 characters', () => {
    expect(autoTitleOf('  Prep for   Acme discovery call ')).toBe('Prep for Acme discovery call');
    const long = autoTitleOf('x'.repeat(80));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
  it('has a precise no-evidence text', () => {
    expect(wolfebotMessages.noEvidence).toMatch(/^I could not find anything about that in your library/);
  });
});
