// Draft generation (post-builder, spec 02 §7 call 3): the checks before and after the call, and
// which of spec 02 §8's texts a failure is toasted with.
import {
  type ContentInputs,
  CTA_KINDS,
  type CtaOptions,
  contentMessages,
  type PostBuilderResponse,
  type Stat,
} from '../../../shared/content.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { type ContentFormValues, missingFields } from './content-form.ts';

const text = contentMessages.draft;

/** A 200 answer without a non-empty draft or without all five CTA texts. */
export class InvalidDraftResponse extends Error {
  constructor() {
    super(text.badResponse);
    this.name = 'InvalidDraftResponse';
  }
}

/** A field was emptied after the hooks came: the screen marks the empty fields as well. */
export class MissingFormValues extends Error {
  constructor() {
    super(contentMessages.missingFormValues);
    this.name = 'MissingFormValues';
  }
}

/** Checked before calling (spec 02 §5): a hook, then all four inputs; each failure its own message. */
export function draftRequest(hook: string | null, values: ContentFormValues, marketData: Stat | null) {
  if (!hook?.trim()) throw new Error(contentMessages.selectHookFirst);
  if (missingFields(values).length > 0) throw new MissingFormValues();
  return { hook, inputs: { ...values, hookCategory: values.hookCategory as ContentInputs['hookCategory'], marketData } };
}

/** The answer must carry both the draft and every CTA option as text (spec 02 §7: both required). */
export function parseDraftResponse(body: unknown): PostBuilderResponse {
  const { content, ctaOptions } = (body ?? {}) as { content?: unknown; ctaOptions?: unknown };
  if (typeof content !== 'string' || !content.trim()) throw new InvalidDraftResponse();
  if (typeof ctaOptions !== 'object' || ctaOptions === null) throw new InvalidDraftResponse();
  const options = ctaOptions as Record<string, unknown>;
  const complete = CTA_KINDS.every((kind) => typeof options[kind] === 'string' && (options[kind] as string).trim() !== '');
  if (!complete) throw new InvalidDraftResponse();
  return { content, ctaOptions: Object.fromEntries(CTA_KINDS.map((kind) => [kind, options[kind] as string])) as CtaOptions };
}

/** The toast title for a failed draft (spec 02 §8, 'Draft generation'). */
export function draftErrorMessage(error: unknown): string {
  if (error instanceof InvalidDraftResponse) return text.badResponse;
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return text.authFailed;
    if (error.status === 400) return text.missingFields;
    if (error.status === 502 && error.code === 'ai_invalid_output') return text.badResponse;
    return text.notOk;
  }
  if (error instanceof Error) return error.message || text.unknown;
  return text.unknown;
}

/**
 * The whole toast for a failed draft: the spec's text as the title and, when our server explained
 * itself differently (a per-user limit, a provider failure), its message as the description.
 */
export function draftErrorToast(error: unknown): { title: string; description?: string } {
  const title = draftErrorMessage(error);
  const server = error instanceof ApiRequestError ? error.message.trim() : '';
  return server && server !== title ? { title, description: server } : { title };
}
