// Earnings-call transcripts from Financial Modeling Prep, only when FMP_API_KEY is set. The key
// goes in the query string (FMP's only way), so the URL we show users is the same request without it.
// FMP may answer a request for one quarter with another call (asked for Q1 2020, it has answered
// with the Q4 call): a document is labelled with the call it is, and a call that is not the one
// asked for is not returned (issue 25).
import { log } from '../../lib/log.ts';
import { wallTimeToIso } from '../../lib/time-zone.ts';
import type { SourceHttp } from '../web/http.ts';
import { capText, htmlToLine, htmlToText } from '../web/text.ts';
import { type SourceDocument, SourceError } from '../web/types.ts';

export type TranscriptSource = {
  /** The transcript of the call of this fiscal quarter, or null when FMP has not that call (whatever else it answers). */
  transcript(ticker: string, year: number, quarter: 1 | 2 | 3 | 4, signal?: AbortSignal): Promise<SourceDocument | null>;
};

const FMP_PUBLISHER = 'Financial Modeling Prep';
const TRANSCRIPT_MAX_CHARS = 60_000;

type FmpTranscript = { symbol?: unknown; period?: unknown; quarter?: unknown; year?: unknown; date?: unknown; content?: unknown };
export type Call = { year: number; quarter: number };

/**
 * The call an answer row is, from its own fields: `year`, and `quarter` (4 or "4" or "Q4") or
 * `period` ("Q4"), as FMP's endpoints spell them. Null when the row does not say.
 */
export function callOf(row: FmpTranscript): Call | null {
  const year = Number(row.year);
  const quarterText = String(row.quarter ?? row.period ?? '').trim();
  const quarter = Number(/^Q?([1-4])$/i.exec(quarterText)?.[1]);
  return Number.isInteger(year) && year > 0 && quarter ? { year, quarter } : null;
}

export function createTranscriptSource(opts: { baseUrl: string; apiKey: string; http: SourceHttp }): TranscriptSource {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    async transcript(ticker, year, quarter, signal) {
      const symbol = ticker.trim().toUpperCase();
      if (!/^[A-Z0-9.-]{1,12}$/.test(symbol)) throw new SourceError(FMP_PUBLISHER, 'not a ticker symbol');
      if (!Number.isInteger(year) || ![1, 2, 3, 4].includes(quarter)) throw new SourceError(FMP_PUBLISHER, 'no such quarter');
      // FMP's quarters are the company's fiscal quarters.
      const publicUrl = `${base}/stable/earning-call-transcript?${new URLSearchParams({ symbol, year: String(year), quarter: String(quarter) })}`;
      const body = await opts.http.getJson<unknown>(`${publicUrl}&${new URLSearchParams({ apikey: opts.apiKey })}`, {
        signal,
        service: 'fmp',
      });
      // FMP reports a refused key or plan as an object with "Error Message", sometimes with status 200.
      if (!Array.isArray(body)) throw new SourceError(FMP_PUBLISHER, 'unexpected answer (is the key valid for transcripts?)');
      const rows = (body as FmpTranscript[]).filter((row) => row && typeof row.content === 'string' && row.content.trim());
      const found = rows.find((row) => {
        const call = callOf(row);
        return call?.year === year && call.quarter === quarter;
      });
      if (!found) {
        if (rows.length) {
          const answered = rows.map((row) => callOf(row)).map((c) => (c ? `Q${c.quarter} ${c.year}` : 'a call it does not name'));
          log.info('fmp answered with another call than asked', { symbol, asked: `Q${quarter} ${year}`, answered: answered.join(', ') });
        }
        return null;
      }
      const call = callOf(found)!;
      // FMP publishes the call's time without a zone, in US Eastern time.
      const publishedAt = typeof found.date === 'string' ? wallTimeToIso(found.date, 'America/New_York') : null;
      return {
        url: publicUrl,
        title: htmlToLine(`${symbol} Q${call.quarter} ${call.year} earnings call transcript`),
        publisher: FMP_PUBLISHER,
        publishedAt,
        text: capText(htmlToText(found.content as string), TRANSCRIPT_MAX_CHARS),
        kind: 'transcript',
      };
    },
  };
}
