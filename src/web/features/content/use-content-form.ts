// The Who / What / Why form: values, the fields marked missing, and the stats generation counter,
// which belongs to the values it was counted for (spec 02 §4: any change resets it).
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Profile } from '../../../shared/schemas.ts';
import {
  applyPrefill,
  type ContentField,
  EMPTY_FORM,
  type FormSnapshot,
  missingFields,
  QUERY_FIELDS,
  REQUIRED_FIELD_ERROR,
  startForm,
} from './content-form.ts';

export function useContentForm() {
  const [params, setParams] = useSearchParams();
  // Values, the fields typed in (prefilling never overwrites them) and the counter change together.
  // Query parameters show at once; the rest is filled by start() when the user is known.
  const [state, setState] = useState(() => {
    const typed = new Set<ContentField>();
    return { values: applyPrefill(EMPTY_FORM, typed, null, params), typed, generationCount: 0 };
  });
  const [errors, setErrors] = useState<Partial<Record<ContentField, string>>>({});
  const { values, generationCount } = state;

  const setField = useCallback((name: ContentField, value: string) => {
    setState((current) => ({
      values: { ...current.values, [name]: value },
      typed: current.typed.has(name) ? current.typed : new Set(current.typed).add(name),
      generationCount: 0,
    }));
    setErrors(({ [name]: _, ...others }) => others);
  }, []);

  /**
   * Once, when the user is known: the restored form if any, the link, then the profile (see
   * startForm). The link's parameters are then dropped from the address: they were applied, and a
   * reload must bring back what the user typed since, not the link again.
   */
  const start = useCallback(
    (profile: Profile | null, restored: FormSnapshot | null) => {
      setState((current) => startForm(current.values, current.typed, restored, profile, params));
      if (Object.keys(QUERY_FIELDS).some((name) => params.has(name))) {
        const rest = new URLSearchParams(params);
        for (const name of Object.keys(QUERY_FIELDS)) rest.delete(name);
        setParams(rest, { replace: true });
      }
    },
    [params, setParams],
  );

  /** Start over: the freshly prefilled form (profile and link), nothing typed, nothing marked. */
  const reset = useCallback(
    (profile: Profile | null | undefined) => {
      const typed = new Set<ContentField>();
      setState({ values: applyPrefill(EMPTY_FORM, typed, profile, params), typed, generationCount: 0 });
      setErrors({});
    },
    [params],
  );

  const field = (name: ContentField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
  });

  /** Marks the empty fields; true when all four are filled. */
  const checkFilled = () => {
    const missing = missingFields(values);
    setErrors(Object.fromEntries(missing.map((name) => [name, REQUIRED_FIELD_ERROR])));
    return missing.length === 0;
  };

  const countGeneration = useCallback(() => setState((current) => ({ ...current, generationCount: current.generationCount + 1 })), []);

  return { values, typed: state.typed, errors, field, checkFilled, generationCount, countGeneration, start, reset };
}
