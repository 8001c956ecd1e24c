import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { ChannelMessage } from './message.ts';
import { renderFor, SLACK_LIMITS, slackEscape, slackMessage, TEAMS_LIMITS, teamsEscape, teamsMessage, truncate } from './render.ts';
import { newSigningSecret } from './sign.ts';

const message = (overrides: Partial<ChannelMessage> = {}): ChannelMessage => ({
  version: 1,
  type: 'item',
  kind: 'news_alert',
  kindLabel: 'News alert',
  title: 'Acme Robotics <opens> a plant & hires',
  companies: ['Acme Robotics'],
  blocks: [
    { type: 'heading', text: 'What happened' },
    { type: 'paragraph', text: 'Acme said <!channel> *big* news & more: [click](https://evil.example)' },
    { type: 'note', text: 'Not analysed: no AI provider is configured' },
    { type: 'list', items: ['plain point', { text: 'Ohio at capacity', sourceUrl: 'https://news.example/ohio' }] },
  ],
  sources: [
    { url: 'https://news.example/a?x=1&y=2', title: 'Acme opens | plant', publisher: 'Reuters', publishedAt: null },
    { url: 'https://paywalled.example/b', title: 'Acme hires', publisher: 'FT', publishedAt: null, headlineOnly: true },
    { url: 'https://news.google.com/rss/articles/x', title: null, publisher: null, publishedAt: null, googleLink: true },
    { url: 'javascript:alert(1)', title: 'Not a link', publisher: null, publishedAt: null },
  ],
  statements: { sourced: 11, total: 12, dropped: 1 },
  url: 'https://eos.example.com/sonar-os/library/run-1',
  alert: { type: 'news', id: 'alert-1' },
  createdAt: '2026-11-27T08:00:00.000Z',
  ...overrides,
});

type SlackBlockJson = {
  type: string;
  text?: { type: string; text: string };
  elements?: { text?: string | { text: string }; url?: string }[];
};
const slackTexts = (blocks: SlackBlockJson[]) =>
  blocks.flatMap((b) => [
    b.text?.text ?? '',
    ...(b.elements ?? []).map((e) => (typeof e.text === 'string' ? e.text : (e.text?.text ?? ''))),
  ]);

describe('Slack (Block Kit)', () => {
  it('escapes &, < and > in every text, so AI and user text never becomes a mention, link or tag', () => {
    expect(slackEscape('a <b> & <!channel>')).toBe('a &lt;b&gt; &amp; &lt;!channel&gt;');
    const json = slackMessage(message());
    const all = slackTexts(json.blocks as SlackBlockJson[]).join('\n');
    expect(all).toContain('Acme said &lt;!channel&gt; *big* news &amp; more');
    expect(all).not.toContain('<!channel>');
    expect(json.text).toBe('News alert: Acme Robotics &lt;opens&gt; a plant &amp; hires');
  });

  it('has a header, the analysis as sections, notes as context, sources with publisher and labels, the statements line and a button', () => {
    const json = slackMessage(message());
    const blocks = json.blocks as SlackBlockJson[];
    expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Acme Robotics <opens> a plant & hires' } });
    expect(blocks).toContainEqual({ type: 'section', text: { type: 'mrkdwn', text: '*What happened*' } });
    expect(blocks).toContainEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Not analysed: no AI provider is configured' }] });
    expect(blocks).toContainEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: '• plain point\n• Ohio at capacity (<https://news.example/ohio|source>)' },
    });
    const sources = blocks.find((b) => b.text?.text.startsWith('*Sources (4)*'))!.text!.text.split('\n');
    expect(sources).toEqual([
      '*Sources (4)*',
      '• <https://news.example/a?x=1&y=2|Acme opens ¦ plant> — Reuters',
      '• <https://paywalled.example/b|Acme hires> — FT · headline only',
      '• <https://news.google.com/rss/articles/x|news.google.com> — link via Google News',
      '• Not a link',
    ]);
    expect(blocks.at(-2)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: '11 of 12 statements sourced · 1 dropped: not supported by its source' }],
    });
    expect(blocks.at(-1)).toEqual({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Open in Enterprise OS' },
          url: 'https://eos.example.com/sonar-os/library/run-1',
        },
      ],
    });
  });

  it('keeps to 50 blocks and 3000 characters per section, cutting with an ellipsis, never inside an entity or link, and keeps the button', () => {
    const many = message({
      title: 'T'.repeat(400),
      blocks: [
        ...Array.from({ length: 80 }, (_, i) => ({ type: 'paragraph' as const, text: `Paragraph ${i}` })),
        { type: 'paragraph', text: `${'x'.repeat(2995)} & more` },
      ],
      sources: Array.from({ length: 200 }, (_, i) => ({
        url: `https://news.example/${i}`,
        title: `Story ${i}`,
        publisher: 'Wire',
        publishedAt: null,
      })),
    });
    const blocks = slackMessage(many).blocks as SlackBlockJson[];
    expect(blocks).toHaveLength(SLACK_LIMITS.blocks);
    expect((blocks[0]!.text!.text as string).length).toBe(SLACK_LIMITS.headerText);
    expect(blocks[0]!.text!.text.endsWith('…')).toBe(true);
    for (const b of blocks) if (b.type === 'section') expect(b.text!.text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
    expect(blocks.at(-1)!.type).toBe('actions');
    expect(slackTexts(blocks)).toContain('… the rest is in Enterprise OS.');

    const long = slackMessage(message({ blocks: [{ type: 'paragraph', text: `${'x'.repeat(2996)}& more` }], sources: [] }));
    const section = (long.blocks as SlackBlockJson[]).find((b) => b.type === 'section')!.text!.text;
    expect(section).toBe(`${'x'.repeat(2996)}…`);
    const linked = slackMessage(
      message({ blocks: [{ type: 'list', items: [{ text: 'y'.repeat(2980), sourceUrl: 'https://news.example/z' }] }], sources: [] }),
    );
    const cut = (linked.blocks as SlackBlockJson[]).find((b) => b.type === 'section')!.text!.text;
    expect(cut).not.toContain('<https');
    expect(cut.endsWith('…')).toBe(true);
  });

  it('leaves the statements line out when the item has no count, and never sends an empty header', () => {
    const blocks = slackMessage(message({ statements: null, title: '  ' })).blocks as SlackBlockJson[];
    expect(slackTexts(blocks).some((t) => t.includes('statements sourced'))).toBe(false);
    expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'News alert' } });
  });
});

describe('Microsoft Teams (Adaptive Card)', () => {
  it('escapes Markdown so that AI and user text shows as written', () => {
    expect(teamsEscape('*big* _news_ [click](https://evil.example) `x`')).toBe(
      '\\*big\\* \\_news\\_ \\[click\\]\\(https://evil.example\\) \\`x\\`',
    );
    expect(teamsEscape('- not a list\n1. nor this\n# nor a heading')).toBe('\\- not a list\n1\\. nor this\n\\# nor a heading');
    expect(teamsEscape('{{DATE(2026-01-01T00:00:00Z)}}')).not.toContain('{{');
  });

  it('is an Adaptive Card 1.4 message with wrapped text blocks, sources with labels, the statements line and a link to the item', () => {
    const json = teamsMessage(message());
    expect(json.type).toBe('message');
    expect(json.attachments).toHaveLength(1);
    const [attachment] = json.attachments;
    expect(attachment!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(attachment!.contentUrl).toBeNull();
    const card = attachment!.content;
    expect(card.type).toBe('AdaptiveCard');
    expect(card.version).toBe('1.4');
    for (const block of card.body) expect(block).toMatchObject({ type: 'TextBlock', wrap: true });
    const texts = card.body.map((b) => b.text);
    expect(texts[0]).toBe('Acme Robotics \\<opens\\> a plant & hires');
    expect(texts).toContain('Acme said \\<!channel\\> \\*big\\* news & more: \\[click\\]\\(https://evil.example\\)');
    expect(texts).toContain('- plain point\n- Ohio at capacity ([source](https://news.example/ohio))');
    expect(texts).toContain(
      [
        '- [Acme opens | plant](https://news.example/a?x=1&y=2) — Reuters',
        '- [Acme hires](https://paywalled.example/b) — FT · headline only',
        '- [news.google.com](https://news.google.com/rss/articles/x) — link via Google News',
        '- Not a link',
      ].join('\n'),
    );
    expect(texts).toContain('11 of 12 statements sourced · 1 dropped: not supported by its source');
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open in Enterprise OS', url: 'https://eos.example.com/sonar-os/library/run-1' },
    ]);
  });

  it('keeps the card under its text budget and says where the rest is', () => {
    const big = message({ blocks: Array.from({ length: 40 }, () => ({ type: 'paragraph' as const, text: 'p'.repeat(5000) })) });
    const body = teamsMessage(big).attachments[0]!.content.body;
    for (const block of body) expect(block.text.length).toBeLessThanOrEqual(TEAMS_LIMITS.textBlock);
    expect(body.reduce((n, b) => n + b.text.length, 0)).toBeLessThan(TEAMS_LIMITS.cardText + 2_000);
    expect(body.map((b) => b.text)).toContain('… the rest is in Enterprise OS.');
    expect(body.at(-1)!.text).toContain('statements sourced');
  });

  it('links only http(s) addresses and keeps a parenthesis in one from closing the link', () => {
    const texts = teamsMessage(
      message({ sources: [{ url: 'https://en.example/Acme_(company)', title: 'Acme', publisher: null, publishedAt: null }] }),
    ).attachments[0]!.content.body.map((b) => b.text);
    expect(texts).toContain('- [Acme](https://en.example/Acme_%28company%29)');
  });
});

describe('the generic webhook', () => {
  it('is the versioned JSON payload, signed so that the Standard Webhooks library verifies it with the channel secret', () => {
    const secret = newSigningSecret();
    const at = new Date();
    const { body, headers } = renderFor('webhook', message(), 'delivery-1', secret, at);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toBe('delivery-1');
    const payload = new Webhook(secret).verify(body, headers);
    expect(payload).toEqual({ type: 'item.delivered', version: 1, id: 'delivery-1', timestamp: at.toISOString(), data: message() });
    expect(JSON.parse(renderFor('webhook', message({ type: 'test' }), 'd2', secret).body).type).toBe('channel.test');
    expect(() => renderFor('webhook', message(), 'd3', null)).toThrow('no signing secret');
  });

  it('keeps the same id on a retry, with the retry’s own timestamp and signature', () => {
    const secret = newSigningSecret();
    const first = renderFor('webhook', message(), 'delivery-1', secret, new Date(Date.now() - 60_000));
    const again = renderFor('webhook', message(), 'delivery-1', secret, new Date());
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.headers['webhook-timestamp']).not.toBe(first.headers['webhook-timestamp']);
    expect(new Webhook(secret).verify(again.body, again.headers)).toBeTruthy();
  });

  it('Slack and Teams bodies are JSON with no signature headers', () => {
    for (const kind of ['slack', 'teams'] as const) {
      const { body, headers } = renderFor(kind, message(), 'delivery-1');
      expect(headers).toEqual({ 'content-type': 'application/json' });
      expect(() => JSON.parse(body)).not.toThrow();
    }
  });
});

describe('truncate', () => {
  it('cuts to the limit with an ellipsis and never splits a surrogate pair', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    const cut = truncate('ab😀cd', 4);
    expect(cut).toBe('ab…');
  });
});
