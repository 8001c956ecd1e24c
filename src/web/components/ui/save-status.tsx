import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SAVED_CONFIRMATION_MS } from '../../../shared/sonar.ts';
import { Button } from './button.tsx';

type Props = {
  dirty: boolean;
  saving: boolean;
  /** Bumped after each successful save; shows 'All changes saved' for 3 seconds (spec 02 §4, §9). */
  savedAt: number | null;
  onSave: () => void;
  /** 'Save Changes' on alert cards; 'Create Newsletter' / 'Update Newsletter' on the newsletter. */
  label?: string;
};

/** The save button of a settings form: shown when dirty, 'Saving...' while saving, then a brief confirmation. */
export function SaveStatus({ dirty, saving, savedAt, onSave, label = 'Save Changes' }: Props) {
  const [showSaved, setShowSaved] = useState(false);
  useEffect(() => {
    if (savedAt === null) return;
    setShowSaved(true);
    const timer = setTimeout(() => setShowSaved(false), SAVED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  if (dirty || saving) {
    return (
      <Button onClick={onSave} busy={saving}>
        {saving ? 'Saving...' : label}
      </Button>
    );
  }
  if (showSaved) {
    return (
      <output className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700">
        <Check aria-hidden="true" className="h-4 w-4" />
        All changes saved
      </output>
    );
  }
  return null;
}
