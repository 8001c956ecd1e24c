import * as z from 'zod/mini';
import type { FieldErrors } from './form-values.ts';

export { type FieldErrors, formValues } from './form-values.ts';

/** Validates a form's values with the same zod schema the server uses; first message per field. */
export function validate<S extends z.core.$ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const parsed = z.safeParse(schema, values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return { data: null, errors };
}
