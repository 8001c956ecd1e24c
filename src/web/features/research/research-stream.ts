// One research run over HTTP: POST the request asking for NDJSON, follow the stage events, and end
// with the checked result or one failure that the screens turn into their own toasts.
import * as z from 'zod/mini';
import {
  RESEARCH_STAGES,
  RESEARCH_STREAM_TYPE,
  type ResearchEvent,
  type ResearchMeta,
  type ResearchStage,
  researchMetaSchema,
} from '../../../shared/research.ts';
import type { ApiError } from '../../../shared/schemas.ts';
import { readNdjson, UNREACHABLE_MESSAGE } from '../../lib/ndjson.ts';

/** Why a run produced no result. `request`: refused before the analysis started (HTTP status). */
export type ResearchFailure =
  | { kind: 'request'; status: number; code: string; message: string }
  | { kind: 'analysis'; code: string; message: string }
  | { kind: 'format'; message: string };

type ResearchOutcome<R> = { ok: true; data: R; meta: ResearchMeta } | { ok: false; failure: ResearchFailure };

export const NO_RESULT_MESSAGE = 'The analysis stopped before it sent a result. Please try again.';
export const UNEXPECTED_FORMAT_MESSAGE = 'The analysis came back in an unexpected data format.';

/**
 * The library item the analysis was kept as (issue 27), read from the event itself: a meta schema
 * without the field would drop it. Null when the server sent none (it could not be kept).
 */
export function keptAs(meta: unknown): string | null {
  const id = (meta as { libraryItemId?: unknown } | null | undefined)?.libraryItemId;
  return typeof id === 'string' && id !== '' ? id : null;
}

const isStage = (value: unknown): value is ResearchStage => RESEARCH_STAGES.includes(value as ResearchStage);

/**
 * Runs one analysis. Resolves with the result or a failure; rejects only when `signal` aborts
 * (an AbortError), which the caller treats as a cancel, not an error.
 */
export async function runResearch<S extends z.core.$ZodType>(
  path: string,
  request: unknown,
  resultSchema: S,
  options: { signal: AbortSignal; onStage: (stage: ResearchStage, detail: string) => void },
): Promise<ResearchOutcome<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: RESEARCH_STREAM_TYPE },
      body: JSON.stringify(request),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal.aborted) throw err;
    return { ok: false, failure: { kind: 'analysis', code: 'network', message: UNREACHABLE_MESSAGE } };
  }
  if (!response.ok) return { ok: false, failure: await requestFailure(response) };
  if (!response.body) return { ok: false, failure: { kind: 'format', message: UNEXPECTED_FORMAT_MESSAGE } };

  try {
    for await (const event of readNdjson(response.body) as AsyncGenerator<Partial<ResearchEvent<unknown>>>) {
      if (event?.type === 'stage' && isStage(event.stage)) options.onStage(event.stage, String(event.detail ?? ''));
      else if (event?.type === 'error') {
        return {
          ok: false,
          failure: { kind: 'analysis', code: String(event.error?.code ?? 'internal'), message: String(event.error?.message ?? '') },
        };
      } else if (event?.type === 'result') {
        const data = z.safeParse(resultSchema, event.data);
        const meta = z.safeParse(researchMetaSchema, event.meta);
        if (!data.success || !meta.success) return { ok: false, failure: { kind: 'format', message: UNEXPECTED_FORMAT_MESSAGE } };
        const libraryItemId = keptAs(event.meta);
        return { ok: true, data: data.data, meta: libraryItemId ? Object.assign(meta.data, { libraryItemId }) : meta.data };
      }
    }
  } catch (err) {
    if (options.signal.aborted) throw err;
    // A line that is not JSON is a format problem; a dropped connection is the analysis failing.
    if (err instanceof SyntaxError) return { ok: false, failure: { kind: 'format', message: UNEXPECTED_FORMAT_MESSAGE } };
    return { ok: false, failure: { kind: 'analysis', code: 'network', message: UNREACHABLE_MESSAGE } };
  }
  return { ok: false, failure: { kind: 'analysis', code: 'incomplete', message: NO_RESULT_MESSAGE } };
}

async function requestFailure(response: Response): Promise<ResearchFailure> {
  let error: Partial<ApiError['error']> | undefined;
  try {
    error = ((await response.json()) as ApiError | null)?.error;
  } catch {
    error = undefined;
  }
  return {
    kind: 'request',
    status: response.status,
    code: error?.code ?? `http_${response.status}`,
    message: error?.message || response.statusText || 'Request failed',
  };
}
