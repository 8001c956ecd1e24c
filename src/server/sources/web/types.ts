// What every source client hands to research: documents the server itself retrieved, so every
// source the model cites is a URL we fetched (DESIGN §5).

export type SourceDocument = {
  /** The address the user can open (http(s) only). */
  url: string;
  /** Plain text: HTML stripped and entities decoded. */
  title: string | null;
  /** e.g. 'Reuters', 'SEC EDGAR'. */
  publisher: string | null;
  /** ISO 8601. */
  publishedAt: string | null;
  /** Plain text given to the model (snippet for news, body for filings), length-capped. */
  text: string;
  kind: 'news' | 'filing' | 'transcript';
  /** What `text` is: the document's own text, or (news the reader could not read) only its headline and the feed's snippet. */
  evidence?: 'article' | 'headline';
  /** News whose publisher address could not be resolved: `url` is Google News' redirect, never shown as the publisher's. */
  googleLink?: boolean;
  /** News: the providers that found it. */
  providers?: NewsProvider[];
};

export type NewsProvider = 'google-news' | 'gdelt';

/** A source could not be read: unreachable, refused, too slow, too big or not in the expected shape. */
export class SourceError extends Error {
  readonly source: string;
  readonly status: number | undefined;
  constructor(source: string, message: string, status?: number) {
    super(`${source}: ${message}`);
    this.name = 'SourceError';
    this.source = source;
    this.status = status;
  }
}

/** Our own pacing refused the request before it was sent (too many waiting for one host): nothing is known about the source. */
export class SourceBusyError extends SourceError {
  constructor(host: string) {
    super(host, `too many requests waiting for ${host}; try again shortly`);
    this.name = 'SourceBusyError';
  }
}
