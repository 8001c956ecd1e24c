import * as z from 'zod/mini';

export type FieldErrors = Record<string, string>;

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

/** The text values of a submitted form, by input name. */
export const formValues = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
