// Draft generation (post-builder, spec 02 §7 call 3): the check before the call, and which of spec
// 02 §8's texts a failure is toasted with. The answer is checked by its schema (api.ts).
import { contentMessages, type Stat } from '../../../shared/content.ts';
import { ApiRequestError, isApiError } from '../../lib/api-client.ts';
import { asInputs, type ContentFormValues, missingFields } from './content-form.ts';

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
  return { hook, inputs: { ...asInputs(values), marketData } };
}

/** The toast title for a failed draft (spec 02 §8, 'Draft generation'). */
export function draftErrorMessage(error: unknown): string {
  if (error instanceof InvalidDraftResponse) return text.badResponse;
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return text.authFailed;
    if (error.status === 400) return text.missingFields;
    if (isApiError(error, 'ai_invalid_output')) return text.badResponse;
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
