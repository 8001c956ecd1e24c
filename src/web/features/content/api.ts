// The content screen's calls (spec 02 §7 calls 1–4) and whether AI is configured. Every answer is
// checked here with its shared response schema, as research's are: a call resolves with data of the
// right shape, or rejects: a refusal as the ApiRequestError carrying the server's status and code, an
// answer that does not fit with that call's own text (spec 02 §8's where it has one).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  type AnalyzeMetricsRequest,
  analyzeMetricsResponseSchema,
  CONTENT_API,
  type ContentStatus,
  contentMessages,
  contentStatusSchema,
  type GenerateHooksRequest,
  generateHooksResponseSchema,
  type ModifyContentRequest,
  modifyContentResponseSchema,
  type PostBuilderRequest,
  postBuilderResponseSchema,
} from '../../../shared/content.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { InvalidDraftResponse } from './draft-errors.ts';

export const contentStatusKey = ['content-status'] as const;

/** Why an answer of modify-content is refused (spec 02 §8 has no text of its own for it). */
export const NO_MODIFIED_CONTENT = 'The AI sent back no content.';
/** Why a status answer is refused; the screen then acts as if AI were configured. */
export const UNEXPECTED_STATUS = 'The AI status came back in an unexpected format.';

/** `body` as `schema` reads it, or the error `invalid` makes. */
function checked<S extends z.core.$ZodType>(schema: S, body: unknown, invalid: () => Error): z.output<S> {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw invalid();
  return parsed.data;
}

export const readStatus = (body: unknown) => checked(contentStatusSchema, body, () => new Error(UNEXPECTED_STATUS));
/** The stats of an answer; any other answer is spec 02 §8's 'Invalid response format from analyze-metrics'. */
export const readStats = (body: unknown) =>
  checked(analyzeMetricsResponseSchema, body, () => new Error(contentMessages.stats.invalidFormat)).data;
/** The hooks as sent (numbering and blanks are the screen's business, see draft-session.ts). */
export const readHooks = (body: unknown) => checked(generateHooksResponseSchema, body, () => new Error(contentMessages.hooks.failed)).hooks;
export const readDraft = (body: unknown) => checked(postBuilderResponseSchema, body, () => new InvalidDraftResponse());
export const readModified = (body: unknown) =>
  checked(modifyContentResponseSchema, body, () => new Error(NO_MODIFIED_CONTENT)).modifiedContent;

function useContentStatus() {
  return useQuery({
    queryKey: contentStatusKey,
    queryFn: async ({ signal }) => readStatus(await api<unknown>(CONTENT_API.status, { signal })),
  });
}

/**
 * Whether AI can be used, and `noteFailure` for any failed call: `ai_not_configured` means AI is
 * not configured (any more), so the banner shows with the server's message. (A database outage is
 * a 503 too, and must not say so.)
 */
export function useAiAvailability() {
  const queryClient = useQueryClient();
  const { data: status } = useContentStatus();
  const noteFailure = (err: unknown) => {
    if (isApiError(err, 'ai_not_configured')) {
      const notConfigured: ContentStatus = { configured: false, message: err.message };
      queryClient.setQueryData(contentStatusKey, notConfigured);
    }
  };
  return { status, aiReady: status?.configured !== false, noteFailure };
}

export const contentApi = {
  analyzeMetrics: async (body: AnalyzeMetricsRequest) => readStats(await api<unknown>(CONTENT_API.analyzeMetrics, { body })),
  /** `signal` lets the user cancel the wait (the overlay's Cancel). */
  generateHooks: async (body: GenerateHooksRequest, signal?: AbortSignal) =>
    readHooks(await api<unknown>(CONTENT_API.generateHooks, { body, signal })),
  postBuilder: async (body: PostBuilderRequest) => readDraft(await api<unknown>(CONTENT_API.postBuilder, { body })),
  modifyContent: async (body: ModifyContentRequest) => readModified(await api<unknown>(CONTENT_API.modifyContent, { body })),
};
