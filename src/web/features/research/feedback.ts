// What each screen says when a request is incomplete or a run fails: the texts of spec 02 §5 and §8,
// with the server's own message as the description wherever it has one.
import * as z from 'zod/mini';
import {
  type CompanyNewsQuery,
  companyNewsRequestSchema,
  type EarningsQuery,
  earningsRequestSchema,
  researchMessages,
  type TrendsQuery,
  trendsRequestSchema,
} from '../../../shared/research.ts';
import type { ResearchFailure } from './research-stream.ts';

export type ResearchScreen = 'companyNews' | 'trends' | 'earnings';
type ToastText = { title: string; description?: string };

const text = researchMessages;

/** Title of the toast for a run that failed (spec 02 §8); 503 and 429 use it too, with the server's message. */
export const failureTitle: Record<ResearchScreen, string> = {
  companyNews: text.companyNews.aiResponseError,
  trends: text.trends.aiError,
  earnings: text.earnings.aiRejected,
};

const missingTitle: Record<ResearchScreen, string> = {
  companyNews: text.companyNews.cannotGenerate,
  trends: text.missingTitle,
  earnings: text.missingTitle,
};

const requiredText: Record<ResearchScreen, string> = {
  companyNews: text.companyNews.requiredFields,
  trends: text.requiredFields,
  earnings: text.requiredFields,
};

export const REQUIRED_FIELD_ERROR = 'This field is required.';

const schemas = { companyNews: companyNewsRequestSchema, trends: trendsRequestSchema, earnings: earningsRequestSchema };
type Queries = { companyNews: CompanyNewsQuery; trends: TrendsQuery; earnings: EarningsQuery };

export type RequestCheck<S extends ResearchScreen> =
  | { ok: true; request: Queries[S] }
  | { ok: false; toast: ToastText; fieldErrors: Record<string, string> };

/**
 * Checks the form with the shared request schema before anything is sent. A missing required field
 * gives the screen's 'required fields' toast (spec 02 §5); other problems (too long) their own text.
 */
export function checkRequest<S extends ResearchScreen>(screen: S, values: Record<string, string>): RequestCheck<S> {
  const parsed = z.safeParse(schemas[screen] as z.core.$ZodType, values);
  if (parsed.success) return { ok: true, request: parsed.data as Queries[S] };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || '_';
    fieldErrors[field] ??= issue.message === requiredText[screen] ? REQUIRED_FIELD_ERROR : issue.message;
  }
  const missing = parsed.error.issues.some((issue) => issue.message === requiredText[screen]);
  const description = missing ? requiredText[screen] : parsed.error.issues[0]!.message;
  return { ok: false, toast: { title: missingTitle[screen], description }, fieldErrors };
}

/**
 * The toast for a failed run. Refusals before the analysis (400, 429, 503) and errors of the
 * analysis carry the server's message; a result that does not fit the schema is 'Invalid response'
 * on company news (spec 02 §8) and the screen's failure title elsewhere.
 */
export function failureToast(screen: ResearchScreen, failure: ResearchFailure): ToastText {
  if (failure.kind === 'request' && failure.status === 400) return { title: missingTitle[screen], description: failure.message };
  if (failure.kind === 'format' && screen === 'companyNews')
    return { title: text.companyNews.invalidResponse, description: failure.message };
  return { title: failureTitle[screen], description: failure.message };
}
