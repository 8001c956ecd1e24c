import { describe, expect, it } from 'vitest';
import { freshnessLine } from '../../../shared/triggers.ts';
import {
  renderEarningsDateMovedEmail,
  renderEarningsReminderEmail,
  renderEarningsSummaryEmail,
  renderNewsAlertEmail,
  renderNewsletterEmail,
  withFreshnessLine,
} from './index.ts';
import type {
  EarningsDateMovedEmailProps,
  EarningsReminderEmailProps,
  EarningsSummaryEmailProps,
  EmailArticle,
  NewsAlertEmailProps,
  NewsletterEmailProps,
  RenderedEmail,
} from './types.ts';

const links = {
  library: 'https://app.example.com/library/0b5f6c1e-3c1a-4d7e-9f00-5d7c2f8a1b2c',
  viewInApp: 'https://app.example.com/aurora-os/company-news?company=Apple',
  manage: 'https://app.example.com/sonar-os/news',
  unsubscribe: 'https://app.example.com/unsubscribe?token=news.abc.sig',
};

const HOSTILE = `<script>alert(1)</script> <img src=x onerror="alert(2)"> AT&T`;

const article = (n: number, overrides: Partial<EmailArticle> = {}): EmailArticle => ({
  title: `Story ${n}`,
  url: `https://news.example.com/story-${n}?a=1&b=2`,
  publisher: 'Reuters',
  publishedAt: '2026-11-20T15:00:00Z',
  summary: `Why story ${n} matters.`,
  ...overrides,
});

const newsProps = (overrides: Partial<NewsAlertEmailProps> = {}): NewsAlertEmailProps => ({
  companyName: 'Apple',
  keywords: ['iPhone', 'services'],
  headline: 'Apple opens a new plant',
  analysis: 'The plant adds capacity for the coming year.',
  articles: [article(1), article(2)],
  searchedAt: '2026-11-24T13:41:00.000Z',
  receipt: { publishedAt: '2026-11-24T13:05:00.000Z', foundAt: '2026-11-24T13:41:00.000Z', sentAt: '2026-11-24T14:00:00.000Z' },
  links,
  ...overrides,
});

const newsletterProps = (companies: number): NewsletterEmailProps => ({
  industry: 'Banking',
  periodLabel: 'Nov 16 – Nov 23, 2026',
  regions: ['USA', 'Europe'],
  sections: [
    ...Array.from({ length: companies }, (_, i) => ({
      kind: 'company' as const,
      title: `Company ${i + 1}`,
      summary: `What happened at company ${i + 1}.`,
      items: [article(i * 3 + 1), article(i * 3 + 2), article(i * 3 + 3)],
    })),
    { kind: 'topic', title: 'Regulatory Changes', summary: 'New capital rules.', items: [article(999)] },
  ],
  receipt: { publishedAt: '2026-11-23T02:30:00.000Z', foundAt: '2026-11-23T14:00:00.000Z', sentAt: '2026-11-23T14:03:00.000Z' },
  links,
});

const reminderProps: EarningsReminderEmailProps = {
  companyName: 'Apple',
  ticker: 'AAPL',
  earningsDate: '2026-01-29T00:00:00.000Z',
  dateLabel: 'Thursday, Jan 29, 2026',
  confidence: 0.9,
  confidenceLabel: 'Confirmed',
  sourceUrl: 'https://www.nasdaq.com/market-activity/earnings',
  timingLabel: '24 hours before',
  links,
};

const summaryProps: EarningsSummaryEmailProps = {
  companyName: 'Apple',
  ticker: 'AAPL',
  periodLabel: 'Q3 2026 results (8-K filed Oct 30, 2026)',
  keySummary: 'Revenue grew 8% on services.',
  keyFindings: ['Services revenue at a record', 'Margins up 1 point'],
  quotes: [{ text: 'We had a great quarter.', speaker: 'Tim Cook, CEO' }],
  sources: [article(1, { title: 'Press release (EX-99.1)', publisher: 'SEC EDGAR' })],
  links,
};

function expectFooter(mail: RenderedEmail) {
  expect(mail.html).toContain(`href="${links.library}"`);
  expect(mail.html).toMatch(/>Read in Enterprise OS</);
  // Each address on its own line in the plain text: nothing runs into the link.
  expect(mail.text).toContain(`Read in Enterprise OS ${links.library}\n`);
  // The library's copy leads; the screen in the app is still there.
  expect(mail.text.indexOf('Read in Enterprise OS')).toBeLessThan(mail.text.indexOf('View in Enterprise OS'));
  expect(mail.html).toContain(`href="${links.viewInApp.replace(/&/g, '&amp;')}"`);
  expect(mail.html).toContain(`href="${links.manage}"`);
  expect(mail.html).toContain(`href="${links.unsubscribe}"`);
  expect(mail.html).toMatch(/>View in Enterprise OS</);
  expect(mail.html).toMatch(/>Manage this alert</);
  expect(mail.html).toMatch(/>Unsubscribe</);
  expect(mail.text).toContain(`View in Enterprise OS ${links.viewInApp}`);
  expect(mail.text).toContain(`Manage this alert ${links.manage}`);
  expect(mail.text).toContain(`Unsubscribe ${links.unsubscribe}`);
  expect(mail.text).toMatch(/You get this e-mail because/);
}

/** No markup made from data: the only <script>/<img> would be ones the data smuggled in. */
function expectEscaped(html: string) {
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<img');
  expect(html).not.toMatch(/<[a-z][^>]*\sonerror=/i);
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  expect(html).toContain('AT&amp;T');
}

describe('news alert e-mail', () => {
  it('has the subject, the analysis, linked articles and the footer links', async () => {
    const mail = await renderNewsAlertEmail(newsProps());
    expect(mail.subject).toBe('Apple opens a new plant');
    expect(mail.html).toContain('href="https://news.example.com/story-1?a=1&amp;b=2"');
    expect(mail.html).toContain('Reuters · Nov 20, 2026');
    expect(mail.text).toContain('Apple opens a new plant');
    expect(mail.text).toContain('The plant adds capacity for the coming year.');
    expect(mail.text).toContain('Story 1 https://news.example.com/story-1?a=1&b=2');
    expect(mail.text).toContain('Keywords: iPhone, services');
    expect(mail.text).toContain('You get this e-mail because you set up a news alert for Apple in Enterprise OS.');
    expectFooter(mail);
  });

  it('says when the news was searched, in New York time, and that later news comes next time', async () => {
    const mail = await renderNewsAlertEmail(newsProps());
    expect(mail.text).toContain('News searched at 8:41 AM ET on Nov 24; anything published later comes in your next alert.');
    expect(mail.html).toContain('News searched at 8:41 AM ET on Nov 24');
  });

  it('carries its freshness receipt: the newest article published → found by the search → sent at the slot', async () => {
    const mail = await renderNewsAlertEmail(newsProps());
    const line = 'Published Nov 24, 8:05 AM ET → found 8:41 AM ET → sent 9:00 AM ET';
    expect(mail.text).toContain(line);
    expect(mail.html).toContain(line);
    // After the searched sentence, which it does not replace.
    expect(mail.text.indexOf(line)).toBeGreaterThan(mail.text.indexOf('News searched at 8:41 AM ET on Nov 24'));
    // Without a dated article the receipt starts at the search.
    const undated = await renderNewsAlertEmail(
      newsProps({ receipt: { publishedAt: null, foundAt: '2026-11-24T13:41:00.000Z', sentAt: '2026-11-24T14:00:00.000Z' } }),
    );
    expect(undated.text).toContain('Found Nov 24, 8:41 AM ET → sent 9:00 AM ET');
    expect(undated.text).not.toContain('Published Nov');
  });

  it('changes only the receipt line of a rendered mail when it is sent a minute later: the same as rendering it again', async () => {
    const receipt = newsProps().receipt;
    const later = { ...receipt, sentAt: '2026-11-24T14:01:10.000Z' };
    const rendered = await renderNewsAlertEmail(newsProps());
    const changed = withFreshnessLine(rendered, freshnessLine(receipt), freshnessLine(later));
    expect(changed).toEqual(await renderNewsAlertEmail(newsProps({ receipt: later })));
    expect(changed?.text).toContain('→ sent 9:01 AM ET');
    // A line that is not in the mail as rendered, or one the text part would wrap: the caller renders again.
    expect(withFreshnessLine(rendered, 'Published Nov 23, 8:05 AM ET', 'x')).toBeNull();
    expect(withFreshnessLine(rendered, freshnessLine(receipt), `${freshnessLine(later)} ${'x'.repeat(20)}`)).toBeNull();
  });

  it("labels an article read from its headline only, and a link that is Google's rather than the publisher's", async () => {
    const mail = await renderNewsAlertEmail(
      newsProps({
        articles: [
          article(1, { headlineOnly: true }),
          article(2, { url: 'https://news.google.com/rss/articles/CBMiAAA?oc=5', headlineOnly: true, googleLink: true }),
        ],
      }),
    );
    expect(mail.html).toContain('Reuters · Nov 20, 2026 · headline only');
    expect(mail.text).toContain('Reuters · Nov 20, 2026 · headline only · link via Google News');
  });

  it('escapes scripts, tags and & in headline, analysis, title and publisher in HTML and keeps them plain in text', async () => {
    const mail = await renderNewsAlertEmail(
      newsProps({
        headline: HOSTILE,
        analysis: `Analysis: ${HOSTILE}`,
        articles: [article(1, { title: `Title ${HOSTILE}`, publisher: `Publisher ${HOSTILE}`, summary: `Summary ${HOSTILE}` })],
      }),
    );
    expectEscaped(mail.html);
    expect(mail.text).toContain(`Analysis: ${HOSTILE}`);
    expect(mail.text).toContain(`Title ${HOSTILE}`);
    expect(mail.text).toContain(`Publisher ${HOSTILE}`);
    expect(mail.text).not.toContain('&amp;');
    expect(mail.subject).toBe(`Apple: ${HOSTILE}`);
  });

  it('shows an article whose URL is not http(s) without a link', async () => {
    const mail = await renderNewsAlertEmail(
      newsProps({
        articles: [
          article(1, { title: 'Evil story', url: 'javascript:alert(document.cookie)' }),
          article(2, { title: 'Data story', url: 'data:text/html,<b>x</b>' }),
        ],
      }),
    );
    expect(mail.html).toContain('Evil story');
    expect(mail.html).toContain('Data story');
    expect(mail.html).not.toMatch(/javascript:/i);
    expect(mail.html).not.toContain('data:text');
    expect(mail.text).not.toMatch(/javascript:/i);
    expect(mail.text).toContain('Evil story');
  });

  it('without a library address, has no "Read in Enterprise OS" link, and its app button stays', async () => {
    const { library: _, ...withoutLibrary } = links;
    const mail = await renderNewsAlertEmail(newsProps({ links: withoutLibrary }));
    expect(mail.html).not.toContain('Read in Enterprise OS');
    expect(mail.text).not.toContain('Read in Enterprise OS');
    expect(mail.text).toContain(`View in Enterprise OS ${links.viewInApp}`);
  });

  it('never makes a library address that is not http(s) a link', async () => {
    const mail = await renderNewsAlertEmail(newsProps({ links: { ...links, library: 'javascript:alert(1)' } }));
    expect(mail.html).not.toMatch(/javascript:/i);
    expect(mail.text).not.toMatch(/javascript:/i);
  });

  it('keeps the subject on one line', async () => {
    const mail = await renderNewsAlertEmail(newsProps({ headline: 'Line one\r\nBcc: victim@example.com' }));
    expect(mail.subject).toBe('Apple: Line one Bcc: victim@example.com');
  });
});

describe('newsletter e-mail', () => {
  it('groups companies and topics, links every item and has the footer', async () => {
    const mail = await renderNewsletterEmail(newsletterProps(2));
    expect(mail.subject).toBe('Banking digest · Nov 16 – Nov 23, 2026');
    expect(mail.text).toContain('Your portfolio');
    expect(mail.text).toContain('Banking trends');
    expect(mail.text).toContain('Regions: USA, Europe');
    expect(mail.text.indexOf('Company 1')).toBeLessThan(mail.text.indexOf('Regulatory Changes'));
    for (const n of [1, 2, 3, 4, 5, 6, 999]) expect(mail.html).toContain(`href="https://news.example.com/story-${n}?a=1&amp;b=2"`);
    expect(mail.text).toContain('You get this e-mail because you subscribed to the Banking newsletter in Enterprise OS.');
    expectFooter(mail);
  });

  it('says when the digest was not analysed', async () => {
    const mail = await renderNewsletterEmail({ ...newsletterProps(2), note: 'Not analysed: no AI provider configured.' });
    expect(mail.text).toContain('Not analysed: no AI provider configured.');
    expect(mail.html).toContain('Not analysed: no AI provider configured.');
  });

  it('carries its freshness receipt after the digest', async () => {
    const mail = await renderNewsletterEmail(newsletterProps(2));
    const line = 'Published Nov 22, 9:30 PM ET → found Nov 23, 9:00 AM ET → sent 9:03 AM ET';
    expect(mail.text).toContain(line);
    expect(mail.html).toContain(line);
    expect(mail.text.indexOf(line)).toBeGreaterThan(mail.text.indexOf('Regulatory Changes'));
  });

  it('escapes hostile industry, section titles and items', async () => {
    const props = newsletterProps(1);
    const mail = await renderNewsletterEmail({
      ...props,
      industry: `Banking ${HOSTILE}`,
      sections: [{ kind: 'topic', title: HOSTILE, summary: HOSTILE, items: [article(1, { title: HOSTILE, url: 'javascript:void(0)' })] }],
    });
    expectEscaped(mail.html);
    expect(mail.html).not.toMatch(/javascript:/i);
    expect(mail.text).toContain(HOSTILE);
  });

  it('renders a 25-company digest (time printed, not asserted)', async () => {
    const props = newsletterProps(25);
    await renderNewsletterEmail(props); // warm-up: module loading is not rendering
    const started = performance.now();
    const mail = await renderNewsletterEmail(props);
    const ms = performance.now() - started;
    console.info(`25-company newsletter: rendered in ${ms.toFixed(1)} ms (${Math.round(mail.html.length / 1024)} kB HTML)`);
    expect(mail.text).toContain('Company 25');
  });
});

describe('earnings e-mails', () => {
  it('reminder: subject, date, confidence, source link and footer', async () => {
    const mail = await renderEarningsReminderEmail(reminderProps);
    expect(mail.subject).toBe('Apple (AAPL) reports earnings Thursday, Jan 29, 2026');
    expect(mail.text).toContain('Confirmed');
    expect(mail.text).toContain('Earnings date: Thursday, Jan 29, 2026');
    expect(mail.html).toContain('href="https://www.nasdaq.com/market-activity/earnings"');
    expect(mail.text).toContain('asked for a reminder 24 hours before the call.');
    expectFooter(mail);
  });

  it('reminder: the status and the source by name, added to the badge', async () => {
    const mail = await renderEarningsReminderEmail({
      ...reminderProps,
      statusLabel: 'Estimated',
      sourceName: 'Nasdaq',
      sourceLine: 'Listed by Nasdaq without a time (not confirmed yet)',
    });
    expect(mail.text).toContain('Confirmed');
    expect(mail.text).toContain('Status: Estimated');
    expect(mail.text).toContain('Source: Nasdaq,');
    expect(mail.text).toContain('(Listed by Nasdaq without a time (not confirmed yet))');
  });

  it('reminder: a source that is not http(s) is left out', async () => {
    const mail = await renderEarningsReminderEmail({ ...reminderProps, sourceUrl: 'javascript:alert(1)', companyName: HOSTILE });
    expect(mail.html).not.toMatch(/javascript:/i);
    expect(mail.text).not.toContain('Source:');
    expectEscaped(mail.html);
  });

  it('summary: subject, findings, quotes, sources and footer; hostile text escaped', async () => {
    const mail = await renderEarningsSummaryEmail(summaryProps);
    expect(mail.subject).toBe('Apple (AAPL) Q3 2026 results (8-K filed Oct 30, 2026)');
    expect(mail.text).toContain('Revenue grew 8% on services.');
    expect(mail.text).toContain('Margins up 1 point');
    expect(mail.text).toContain('“We had a great quarter.”');
    expect(mail.text).toContain('— Tim Cook, CEO');
    expect(mail.html).toContain('href="https://news.example.com/story-1?a=1&amp;b=2"');
    expectFooter(mail);

    const hostile = await renderEarningsSummaryEmail({
      ...summaryProps,
      keySummary: HOSTILE,
      keyFindings: [HOSTILE],
      quotes: [{ text: HOSTILE, speaker: HOSTILE }],
      sources: [article(1, { title: HOSTILE, publisher: HOSTILE, url: 'javascript:alert(1)' })],
    });
    expectEscaped(hostile.html);
    expect(hostile.html).not.toMatch(/javascript:/i);
    expect(hostile.text).toContain(HOSTILE);
  });
});

const movedProps: EarningsDateMovedEmailProps = {
  companyName: 'Apple',
  ticker: 'AAPL',
  previousDate: '2026-01-29T00:00:00.000Z',
  earningsDate: '2026-02-03T00:00:00.000Z',
  previousDateLabel: 'Thursday, Jan 29, 2026',
  dateLabel: 'Tuesday, Feb 3, 2026',
  dayShift: 5,
  change: 'Delayed by 5 days',
  why: 'The results and management’s commentary on the quarter now come 5 days later, on Tuesday, Feb 3, 2026: time outreach that builds on them for after that date.',
  statusLabel: 'Confirmed by the company',
  previousStatusLabel: 'Estimated',
  sourceName: 'Nasdaq',
  sourceUrl: 'https://www.nasdaq.com/market-activity/stocks/aapl/earnings',
  previousSourceUrl: null,
  links,
};

describe('earnings date moved e-mail', () => {
  it('says old → new, delay and by how much, the status, the source with its link, the seller line and the footer', async () => {
    const mail = await renderEarningsDateMovedEmail(movedProps);
    expect(mail.subject).toBe('Apple (AAPL) earnings date moved: Thursday, Jan 29, 2026 → Tuesday, Feb 3, 2026');
    expect(mail.text).toContain('Delayed by 5 days');
    expect(mail.text).toContain('Previous date: Thursday, Jan 29, 2026');
    expect(mail.text).toContain('New date: Tuesday, Feb 3, 2026 (Confirmed by the company)');
    expect(mail.text).toContain('Source: Nasdaq');
    expect(mail.html).toContain('href="https://www.nasdaq.com/market-activity/stocks/aapl/earnings"');
    expect(mail.text).toContain('now come 5 days later');
    expectFooter(mail);
  });

  it('leaves out a source that is not http(s) and escapes the company name', async () => {
    const mail = await renderEarningsDateMovedEmail({ ...movedProps, companyName: HOSTILE, sourceUrl: 'javascript:alert(1)' });
    expect(mail.html).not.toMatch(/javascript:/i);
    expectEscaped(mail.html);
  });
});

describe('the statements line (issue 27 §4)', () => {
  const all = { sourced: 12, total: 12, dropped: 0 };
  const some = { sourced: 10, total: 12, dropped: 2 };
  const rendered = async (statements?: { sourced: number; total: number; dropped: number }) => [
    await renderNewsAlertEmail(newsProps(statements ? { statements } : {})),
    await renderNewsletterEmail({ ...newsletterProps(1), ...(statements ? { statements } : {}) }),
    await renderEarningsSummaryEmail({ ...summaryProps, ...(statements ? { statements } : {}) }),
  ];

  it('says how many statements are sourced, in the HTML and its text twin', async () => {
    for (const mail of await rendered(all)) {
      expect(mail.text).toContain('12 of 12 statements sourced');
      expect(mail.html).toContain('12 of 12 statements sourced');
      expect(mail.text).not.toContain('dropped');
    }
  });

  it('says how many were dropped as not supported by their source', async () => {
    for (const mail of await rendered(some)) {
      expect(mail.text).toContain('10 of 12 statements sourced · 2 dropped: not supported by its source');
      expect(mail.html).toContain('10 of 12 statements sourced · 2 dropped: not supported by its source');
    }
  });

  it('says nothing when no statement was checked (the digest sent without AI) or none was made', async () => {
    for (const mail of [...(await rendered()), ...(await rendered({ sourced: 0, total: 0, dropped: 0 }))]) {
      expect(mail.text).not.toContain('statements sourced');
      expect(mail.text).not.toContain('statement sourced');
    }
  });
});
