// A form's values and its per-field messages, without zod (the sign-in page checks its two fields
// without it); lib/form.ts adds the zod-schema check.
export type FieldErrors = Record<string, string>;

/** The text values of a submitted form, by input name. */
export const formValues = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
