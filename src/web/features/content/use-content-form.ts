// The Who / What / Why form: values, the fields marked missing, and the stats generation counter,
// which belongs to the values it was counted for (spec 02 §4: any change resets it).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import {
  applyPrefill,
  type ContentField,
  type ContentFormValues,
  EMPTY_FORM,
  missingFields,
  REQUIRED_FIELD_ERROR,
} from './content-form.ts';

export function useContentForm() {
  const [params] = useSearchParams();
  const { data: profile } = useSession();
  // Fields the user typed in: prefilling never overwrites them.
  const typed = useRef(new Set<ContentField>());
  const prefilled = useRef(false);
  // Query parameters show at once; the profile fills the rest when it arrives.
  const [values, setValues] = useState<ContentFormValues>(() => applyPrefill(EMPTY_FORM, typed.current, null, params));
  const [errors, setErrors] = useState<Partial<Record<ContentField, string>>>({});
  const [generationCount, setGenerationCount] = useState(0);

  useEffect(() => {
    // undefined while the profile loads; prefill once, from the first answer.
    if (prefilled.current || profile === undefined) return;
    prefilled.current = true;
    setValues((current) => applyPrefill(current, typed.current, profile, params));
    setGenerationCount(0);
  }, [profile, params]);

  const setField = useCallback((name: ContentField, value: string) => {
    typed.current.add(name);
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _, ...others }) => others);
    setGenerationCount(0);
  }, []);

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

  const countGeneration = useCallback(() => setGenerationCount((count) => count + 1), []);

  return { values, errors, field, checkFilled, generationCount, countGeneration };
}
