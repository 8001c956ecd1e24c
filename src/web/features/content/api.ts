// The content screen's calls (spec 02 §7 calls 1–4) and whether AI is configured. Each call answers
// the server's JSON as it came; what counts as a usable answer is checked where it is used
// (stats-retry.ts, draft-errors.ts), because each check has its own message in spec 02 §8.
import { useQuery } from '@tanstack/react-query';
import {
  type AnalyzeMetricsRequest,
  CONTENT_API,
  type ContentStatus,
  type GenerateHooksRequest,
  type ModifyContentRequest,
  type PostBuilderRequest,
} from '../../../shared/content.ts';
import { api } from '../../lib/api-client.ts';

export const contentStatusKey = ['content-status'] as const;

export function useContentStatus() {
  return useQuery({ queryKey: contentStatusKey, queryFn: ({ signal }) => api<ContentStatus>(CONTENT_API.status, { signal }) });
}

export const contentApi = {
  analyzeMetrics: (body: AnalyzeMetricsRequest) => api<unknown>(CONTENT_API.analyzeMetrics, { body }),
  /** `signal` lets the user cancel the wait (the overlay's Cancel). */
  generateHooks: (body: GenerateHooksRequest, signal?: AbortSignal) => api<unknown>(CONTENT_API.generateHooks, { body, signal }),
  postBuilder: (body: PostBuilderRequest) => api<unknown>(CONTENT_API.postBuilder, { body }),
  modifyContent: (body: ModifyContentRequest) => api<unknown>(CONTENT_API.modifyContent, { body }),
};
