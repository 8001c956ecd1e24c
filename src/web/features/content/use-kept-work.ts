// The screen's work kept for the tab (session-store.ts). It is restored once the signed-in user is
// known, before the profile prefills the form; from then on every change is kept, and 'Start over'
// forgets it. Requests running when the page is left are not kept.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Profile } from '../../../shared/schemas.ts';
import { type ContentSnapshot, clearSnapshot, loadSnapshot, saveSnapshot } from './session-store.ts';

type Options = {
  /** The signed-in user; undefined while not known yet. */
  profile: Profile | null | undefined;
  /** The screen as it is now, to keep. */
  snapshot: ContentSnapshot;
  /** Called once, when the user is known, with their kept work if any. */
  start: (profile: Profile | null, restored: ContentSnapshot | null) => void;
};

export function useKeptWork({ profile, snapshot, start }: Options) {
  const started = useRef(false);
  /** Whose work is kept: set once restored, so the empty screen before it never overwrites a snapshot. */
  const [owner, setOwner] = useState<string | null>(null);

  // A layout effect: the screen comes back before it is painted, with no flash of an empty form.
  useLayoutEffect(() => {
    if (started.current || profile === undefined) return;
    started.current = true;
    start(profile, profile ? loadSnapshot(profile.id) : null);
    if (profile) setOwner(profile.id);
  }, [profile, start]);

  useEffect(() => {
    if (owner) saveSnapshot(owner, snapshot);
  }, [owner, snapshot]);

  /** Forgets the kept work: the next visit starts afresh. */
  const forget = () => {
    if (owner) clearSnapshot(owner);
  };
  return { forget };
}
