// One delivery, rendered for its channel (issue 29): a Slack Block Kit message, a Microsoft Teams
// Adaptive Card, or the generic webhook's JSON signed per Standard Webhooks (docs/webhooks.md).
// Everything in a message is plain text from AI, publishers and users: each format escapes what its
// markup would read (Slack's &, <, >; Teams' Markdown), and only http(s) addresses become links.

import type { ChannelKind } from '../../shared/channels.ts';
import { BRAND } from '../../shared/constants.ts';
import { type LibraryBlock, type LibrarySource, type SourcedLine, statementCountLabel } from '../../shared/library.ts';
import { notesFor } from '../../shared/research.ts';
import { CHANNEL_MESSAGE_VERSION, type ChannelMessage } from './message.ts';
import { signatureHeaders } from './sign.ts';

export type RenderedDelivery = { body: string; headers: Record<string, string> };

/** The webhook payload's event types (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = { item: 'item.delivered', test: 'channel.test' } as const;

const JSON_TYPE = 'application/json';
const OPEN_LABEL = `Open in ${BRAND}`;
const ELLIPSIS = '…';

/**
 * `message` as `kind` sends it. `deliveryId` is the webhook's id (the same on every retry); `secret`
 * signs a webhook (required for one); `at` is the attempt's time (the signature's timestamp).
 */
export function renderFor(
  kind: ChannelKind,
  message: ChannelMessage,
  deliveryId: string,
  secret?: string | null,
  at = new Date(),
): RenderedDelivery {
  switch (kind) {
    case 'slack':
      return { body: JSON.stringify(slackMessage(message)), headers: { 'content-type': JSON_TYPE } };
    case 'teams':
      return { body: JSON.stringify(teamsMessage(message)), headers: { 'content-type': JSON_TYPE } };
    case 'webhook': {
      if (!secret) throw new Error('a webhook channel has no signing secret');
      const body = JSON.stringify(webhookPayload(message, deliveryId, at));
      return { body, headers: { 'content-type': JSON_TYPE, ...signatureHeaders(secret, deliveryId, at, body) } };
    }
  }
}

/** Cuts `text` to `max` characters (UTF-16 units, as Slack and Teams count), the last being an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never cut a surrogate pair in two.
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}

const isWebAddress = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** One character percent-encoded (encodeURIComponent leaves parentheses as they are). */
const percentEncode = (c: string) =>
  c.charCodeAt(0) < 128 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c);

/** The words of a source's link: its title, else its host. */
function sourceTitle(source: LibrarySource): string {
  const title = source.title?.trim();
  if (title) return title;
  try {
    return new URL(source.url).hostname;
  } catch {
    return source.url;
  }
}

/** Publisher, and what could not be read of it ('headline only', 'link via Google News'). */
const sourceDetails = (source: LibrarySource) => [source.publisher?.trim(), ...notesFor(source)].filter(Boolean).join(' · ');

// --- Slack (Block Kit) ---------------------------------------------------------------------------

/** Slack's limits (api.slack.com/reference/block-kit): blocks per message, characters per field. */
export const SLACK_LIMITS = { blocks: 50, sectionText: 3000, headerText: 150, contextText: 3000, buttonText: 75, fallbackText: 3000 };

type SlackText = { type: 'mrkdwn' | 'plain_text'; text: string };
type SlackBlock =
  | { type: 'header'; text: SlackText }
  | { type: 'section'; text: SlackText }
  | { type: 'context'; elements: SlackText[] }
  | { type: 'divider' }
  | { type: 'actions'; elements: { type: 'button'; text: SlackText; url: string }[] };

/** Slack's own escaping (api.slack.com/reference/surfaces/formatting#escaping): text never becomes a link, mention or markup tag. */
export const slackEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** `<url|words>`; the address cannot end the link early nor start another. */
function slackLink(url: string, words: string): string {
  if (!isWebAddress(url)) return slackEscape(words);
  const safeUrl = url.replace(/[<>|\s]/g, percentEncode);
  return `<${safeUrl}|${slackEscape(words.replaceAll('|', '¦'))}>`;
}

const slackSourceLine = (source: LibrarySource) => {
  const details = sourceDetails(source);
  return `• ${slackLink(source.url, sourceTitle(source))}${details ? ` — ${slackEscape(details)}` : ''}`;
};

const slackSourced = (item: string | SourcedLine) =>
  typeof item === 'string' ? slackEscape(item) : `${slackEscape(item.text)} (${slackLink(item.sourceUrl, 'source')})`;

/** A block of the document as Slack mrkdwn text, and whether it is a note (context) rather than a section. */
function slackBlockText(block: LibraryBlock): { text: string; context?: boolean } {
  switch (block.type) {
    case 'heading':
      return { text: `*${slackEscape(block.text)}*` };
    case 'paragraph':
      return { text: slackEscape(block.text) };
    case 'note':
      return { text: slackEscape(block.text), context: true };
    case 'list':
      return { text: block.items.map((item) => `• ${slackSourced(item)}`).join('\n') };
    case 'quote':
      return { text: `> ${slackEscape(block.text).replaceAll('\n', '\n> ')}${block.speaker ? `\n— ${slackEscape(block.speaker)}` : ''}` };
    case 'facts':
      return {
        text: block.rows
          .map(
            (row) =>
              `*${slackEscape(row.label)}:* ${slackEscape(row.value)}${row.sourceUrl ? ` (${slackLink(row.sourceUrl, 'source')})` : ''}`,
          )
          .join('\n'),
      };
    case 'articles':
      return {
        text: block.items.map((item) => `${slackSourceLine(item)}${item.summary ? `\n   ${slackEscape(item.summary)}` : ''}`).join('\n'),
      };
    case 'link':
      return { text: slackLink(block.url, block.label) };
  }
}

/**
 * Escaped Slack text cut to `max` characters without leaving half an entity (`&am…`) or half a link
 * (`<https://…`) before the ellipsis.
 */
export function slackTruncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = truncate(text, max).slice(0, -1);
  const open = cut.lastIndexOf('<');
  if (open > cut.lastIndexOf('>')) cut = cut.slice(0, open);
  cut = cut.replace(/&[a-z]*$/, '');
  return `${cut}${ELLIPSIS}`;
}

/** Lines joined into as few texts of at most `max` characters as they fit in (a longer line is cut). */
function packLines(lines: string[], max: number, cut: (text: string, max: number) => string = truncate): string[] {
  const texts: string[] = [];
  let current = '';
  for (const raw of lines) {
    const line = cut(raw, max);
    if (current && current.length + 1 + line.length > max) {
      texts.push(current);
      current = line;
    } else current = current ? `${current}\n${line}` : line;
  }
  if (current) texts.push(current);
  return texts;
}

export function slackMessage(message: ChannelMessage) {
  const L = SLACK_LIMITS;
  const head: SlackBlock[] = [
    // Slack refuses an empty header.
    { type: 'header', text: { type: 'plain_text', text: truncate(message.title.trim() || message.kindLabel, L.headerText) } },
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: slackTruncate(slackEscape([message.kindLabel, ...message.companies].join(' · ')), L.contextText) },
      ],
    },
  ];
  const body: SlackBlock[] = [];
  for (const block of message.blocks) {
    const { text, context } = slackBlockText(block);
    if (!text.trim()) continue;
    if (context) body.push({ type: 'context', elements: [{ type: 'mrkdwn', text: slackTruncate(text, L.contextText) }] });
    // A long list or article block goes on over several sections rather than being cut.
    else
      for (const part of packLines(text.split('\n'), L.sectionText, slackTruncate))
        body.push({ type: 'section', text: { type: 'mrkdwn', text: part } });
  }
  if (message.sources.length > 0) {
    body.push({ type: 'divider' });
    const lines = [`*Sources (${message.sources.length})*`, ...message.sources.map(slackSourceLine)];
    for (const part of packLines(lines, L.sectionText, slackTruncate)) body.push({ type: 'section', text: { type: 'mrkdwn', text: part } });
  }
  const tail: SlackBlock[] = [];
  if (message.statements)
    tail.push({ type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(statementCountLabel(message.statements)) }] });
  if (isWebAddress(message.url))
    tail.push({ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: OPEN_LABEL }, url: message.url }] });
  // Over Slack's 50 blocks, the body is cut and says where the rest is; the header, the statements
  // line and the button always fit.
  const room = L.blocks - head.length - tail.length;
  const kept =
    body.length <= room
      ? body
      : [
          ...body.slice(0, room - 1),
          { type: 'context' as const, elements: [{ type: 'mrkdwn' as const, text: `${ELLIPSIS} the rest is in ${BRAND}.` }] },
        ];
  return {
    // The notification's and a screen reader's text.
    text: slackTruncate(slackEscape(`${message.kindLabel}: ${message.title}`), L.fallbackText),
    blocks: [...head, ...kept, ...tail],
    unfurl_links: false,
    unfurl_media: false,
  };
}

// --- Microsoft Teams (Adaptive Card 1.4 in a Workflows message) -----------------------------------

/** Teams refuses a message over about 28 KB; the card's text is kept well under it. */
export const TEAMS_LIMITS = { textBlock: 2000, cardText: 20_000 };

/**
 * Markdown in a TextBlock (Teams renders a subset: emphasis, lists, links) made literal with
 * CommonMark's backslash escapes; a line starting like a list item or heading is escaped too, and
 * `{{` (Adaptive Cards' DATE/TIME functions) is broken up.
 */
export function teamsEscape(text: string): string {
  return text
    .replace(/[\\`*_[\]()<>~]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+#])/gm, '$1\\$2')
    .replace(/^(\s*\d+)\.(?=\s)/gm, '$1\\.')
    .replaceAll('{{', '{\u200B{');
}

/** `[words](url)` whose address cannot close the link early. */
function teamsLink(url: string, words: string): string {
  if (!isWebAddress(url)) return teamsEscape(words);
  const safeUrl = url.replace(/[()<>\s]/g, percentEncode);
  return `[${teamsEscape(words)}](${safeUrl})`;
}

const teamsSourceLine = (source: LibrarySource) => {
  const details = sourceDetails(source);
  return `- ${teamsLink(source.url, sourceTitle(source))}${details ? ` — ${teamsEscape(details)}` : ''}`;
};

const teamsSourced = (item: string | SourcedLine) =>
  typeof item === 'string' ? teamsEscape(item) : `${teamsEscape(item.text)} (${teamsLink(item.sourceUrl, 'source')})`;

type TextBlock = {
  type: 'TextBlock';
  text: string;
  wrap: true;
  weight?: 'Bolder';
  size?: 'Large' | 'Medium' | 'Small';
  isSubtle?: true;
  spacing?: 'Medium';
};

function teamsBlock(block: LibraryBlock): TextBlock | null {
  const text = (value: string, extra: Partial<TextBlock> = {}): TextBlock => ({
    type: 'TextBlock',
    text: truncate(value, TEAMS_LIMITS.textBlock),
    wrap: true,
    ...extra,
  });
  switch (block.type) {
    case 'heading':
      return text(teamsEscape(block.text), { weight: 'Bolder', size: 'Medium', spacing: 'Medium' });
    case 'paragraph':
      return text(teamsEscape(block.text));
    case 'note':
      return text(teamsEscape(block.text), { isSubtle: true, size: 'Small' });
    case 'list':
      return text(block.items.map((item) => `- ${teamsSourced(item)}`).join('\n'));
    case 'quote':
      return text(`"${teamsEscape(block.text)}"${block.speaker ? ` — ${teamsEscape(block.speaker)}` : ''}`);
    case 'facts':
      return text(
        block.rows
          .map(
            (row) =>
              `- **${teamsEscape(row.label)}:** ${teamsEscape(row.value)}${row.sourceUrl ? ` (${teamsLink(row.sourceUrl, 'source')})` : ''}`,
          )
          .join('\n'),
      );
    case 'articles':
      return text(block.items.map((item) => `${teamsSourceLine(item)}${item.summary ? `: ${teamsEscape(item.summary)}` : ''}`).join('\n'));
    case 'link':
      return text(teamsLink(block.url, block.label));
  }
}

export function teamsMessage(message: ChannelMessage) {
  const head: TextBlock[] = [
    { type: 'TextBlock', text: truncate(teamsEscape(message.title), 500), wrap: true, weight: 'Bolder', size: 'Large' },
    {
      type: 'TextBlock',
      text: teamsEscape([message.kindLabel, ...message.companies].join(' · ')),
      wrap: true,
      isSubtle: true,
      size: 'Small',
    },
  ];
  const body: TextBlock[] = message.blocks.flatMap((block) => teamsBlock(block) ?? []).filter((block) => block.text.trim() !== '');
  if (message.sources.length > 0) {
    body.push({ type: 'TextBlock', text: `Sources (${message.sources.length})`, wrap: true, weight: 'Bolder', spacing: 'Medium' });
    for (const part of packLines(message.sources.map(teamsSourceLine), TEAMS_LIMITS.textBlock))
      body.push({ type: 'TextBlock', text: part, wrap: true });
  }
  // Within the card's budget; what does not fit says where the rest is.
  const kept: TextBlock[] = [];
  let used = 0;
  for (const block of body) {
    if (used + block.text.length > TEAMS_LIMITS.cardText) {
      kept.push({ type: 'TextBlock', text: `${ELLIPSIS} the rest is in ${BRAND}.`, wrap: true, isSubtle: true });
      break;
    }
    used += block.text.length;
    kept.push(block);
  }
  if (message.statements)
    kept.push({ type: 'TextBlock', text: teamsEscape(statementCountLabel(message.statements)), wrap: true, isSubtle: true, size: 'Small' });
  const card = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    // Teams draws a card narrow unless asked for its full width.
    msteams: { width: 'Full' },
    body: [...head, ...kept],
    actions: isWebAddress(message.url) ? [{ type: 'Action.OpenUrl', title: OPEN_LABEL, url: message.url }] : [],
  };
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
  };
}

// --- The generic webhook (docs/webhooks.md) -------------------------------------------------------

export type WebhookPayload = {
  type: (typeof WEBHOOK_EVENT_TYPES)[keyof typeof WEBHOOK_EVENT_TYPES];
  version: typeof CHANNEL_MESSAGE_VERSION;
  /** The delivery's id: the webhook-id header, the same on every retry. */
  id: string;
  /** ISO 8601: when this attempt was made. */
  timestamp: string;
  data: ChannelMessage;
};

export function webhookPayload(message: ChannelMessage, deliveryId: string, at: Date): WebhookPayload {
  return {
    type: message.type === 'test' ? WEBHOOK_EVENT_TYPES.test : WEBHOOK_EVENT_TYPES.item,
    version: CHANNEL_MESSAGE_VERSION,
    id: deliveryId,
    timestamp: at.toISOString(),
    data: message,
  };
}
