// What a channel delivers (issue 29): the item a run delivered, as its library entry holds it — the
// analysis, its sources with publisher links and "headline only" labels, the statements-sourced
// count — with a link to it in the app. Written into channel_deliveries.message when the run
// commits; each channel renders it in its own format when it is sent (render.ts).
import type { AlertType } from '../../shared/channels.ts';
import { type LibraryBlock, type LibraryKind, type LibrarySource, libraryKindLabels, type StatementCount } from '../../shared/library.ts';
import { documentSources, type LibraryEntry } from '../library/keep.ts';

/** The webhook payload's schema version (docs/webhooks.md); a breaking change is a new version. */
export const CHANNEL_MESSAGE_VERSION = 1;

export type ChannelMessage = {
  version: typeof CHANNEL_MESSAGE_VERSION;
  /** 'item' a run delivered, 'test' the channel's test button. */
  type: 'item' | 'test';
  kind: LibraryKind | null;
  kindLabel: string;
  title: string;
  companies: string[];
  blocks: LibraryBlock[];
  sources: LibrarySource[];
  statements: StatementCount | null;
  /** The item in the app (the library item; for a test, the channels page). */
  url: string;
  alert: { type: AlertType; id: string } | null;
  /** ISO: when the item was delivered. */
  createdAt: string;
};

export function itemMessage(entry: LibraryEntry, opts: { url: string; alert: { type: AlertType; id: string }; at: Date }): ChannelMessage {
  return {
    version: CHANNEL_MESSAGE_VERSION,
    type: 'item',
    kind: entry.kind,
    kindLabel: libraryKindLabels[entry.kind],
    title: entry.title,
    companies: entry.companies,
    blocks: entry.blocks,
    sources: documentSources(entry),
    statements: entry.statements ?? null,
    url: opts.url,
    alert: opts.alert,
    createdAt: opts.at.toISOString(),
  };
}

export function testMessage(opts: { channelName: string; url: string; at: Date }): ChannelMessage {
  return {
    version: CHANNEL_MESSAGE_VERSION,
    type: 'test',
    kind: null,
    kindLabel: 'Test message',
    title: `Test message for "${opts.channelName}"`,
    companies: [],
    blocks: [{ type: 'paragraph', text: 'Enterprise OS can deliver alerts to this channel. Nothing else to do.' }],
    sources: [],
    statements: null,
    url: opts.url,
    alert: null,
    createdAt: opts.at.toISOString(),
  };
}
