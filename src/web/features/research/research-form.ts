// The form state of a research screen: the typed values, and the check that runs before sending.
import { useState } from 'react';
import { toast } from 'sonner';
import { checkRequest, type RequestCheck, type ResearchScreen } from './feedback.ts';

/**
 * Values by field name and their errors. `submit` checks the values with the shared request schema:
 * when something is missing it toasts the screen's text and marks the fields, else it hands on the request.
 */
export function useResearchForm<S extends ResearchScreen, V extends Record<string, string>>(screen: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _, ...others }) => others);
    },
  });

  function submit(send: (request: Extract<RequestCheck<S>, { ok: true }>['request']) => void) {
    const check = checkRequest(screen, values);
    if (!check.ok) {
      setErrors(check.fieldErrors);
      toast.error(check.toast.title, { description: check.toast.description });
      return;
    }
    setErrors({});
    send(check.request);
  }

  return { values, field, submit };
}
