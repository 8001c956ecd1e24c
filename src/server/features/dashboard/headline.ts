// A news result's stored response (sonar_results.perplexity_response, spec 02 §3) is written by the
// scanner as an object { hasNews, analysis: { headline } }; rows migrated from the original backend
// may hold the same object as JSON text inside a JSON string. Spec 02 §8 "Stored responses": what
// cannot be read is reported (by the caller) and shown without a headline.

type StoredHeadline = { headline: string | null; unreadable: boolean };

const NONE: StoredHeadline = { headline: null, unreadable: false };
const UNREADABLE: StoredHeadline = { headline: null, unreadable: true };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** analysis.headline when it is a non-empty string. A missing response or headline is not an error. */
export function readHeadline(stored: unknown, depth = 0): StoredHeadline {
  if (stored === null || stored === undefined) return NONE;
  if (typeof stored === 'string') {
    if (depth > 1) return UNREADABLE;
    try {
      return readHeadline(JSON.parse(stored), depth + 1);
    } catch {
      return UNREADABLE;
    }
  }
  if (!isRecord(stored)) return UNREADABLE;
  const analysis = stored.analysis;
  if (analysis === undefined || analysis === null) return NONE;
  if (!isRecord(analysis)) return UNREADABLE;
  const headline = typeof analysis.headline === 'string' ? analysis.headline.trim() : '';
  return headline ? { headline, unreadable: false } : NONE;
}
