// Earnings-call transcripts from Financial Modeling Prep, only when FMP_API_KEY is set. The key
// goes in the query string (FMP's only way), so the URL we show users is the same request without it.
import { wallTimeToIso } from '../lib/time-zone.ts';
import type { SourceHttp } from './http.ts';
import { capText, htmlToLine, htmlToText } from './text.ts';
import { type SourceDocument, SourceError } from './types.ts';

export type TranscriptSource = {
  transcript(ticker: string, year: number, quarter: 1 | 2 | 3 | 4, signal?: AbortSignal): Promise<SourceDocument | null>;
};

const FMP_PUBLISHER = 'Financial Modeling Prep';
const TRANSCRIPT_MAX_CHARS = 60_000;

type FmpTranscript = { symbol?: unknown; period?: unknown; quarter?: unknown; year?: unknown; date?: unknown; content?: unknown };

export function createTranscriptSource(opts: { baseUrl: string; apiKey: string; http: SourceHttp }): TranscriptSource {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    async transcript(ticker, year, quarter, signal) {
      const symbol = ticker.trim().toUpperCase();
      if (!/^[A-Z0-9.-]{1,12}$/.test(symbol)) throw new SourceError(FMP_PUBLISHER, 'not a ticker symbol');
      if (!Number.isInteger(year) || ![1, 2, 3, 4].includes(quarter)) throw new SourceError(FMP_PUBLISHER, 'no such quarter');
      // FMP's quarters are the company's fiscal quarters.
      const publicUrl = `${base}/stable/earning-call-transcript?${new URLSearchParams({ symbol, year: String(year), quarter: String(quarter) })}`;
      const body = await opts.http.getJson<unknown>(`${publicUrl}&${new URLSearchParams({ apikey: opts.apiKey })}`, { signal });
      // FMP reports a refused key or plan as an object with "Error Message", sometimes with status 200.
      if (!Array.isArray(body)) throw new SourceError(FMP_PUBLISHER, 'unexpected answer (is the key valid for transcripts?)');
      const found = (body as FmpTranscript[]).find((row) => row && typeof row.content === 'string' && row.content.trim());
      if (!found) return null;
      // FMP publishes the call's time without a zone, in US Eastern time.
      const publishedAt = typeof found.date === 'string' ? wallTimeToIso(found.date, 'America/New_York') : null;
      return {
        url: publicUrl,
        title: htmlToLine(`${symbol} Q${quarter} ${year} earnings call transcript`),
        publisher: FMP_PUBLISHER,
        publishedAt,
        text: capText(htmlToText(found.content as string), TRANSCRIPT_MAX_CHARS),
        kind: 'transcript',
      };
    },
  };
}
