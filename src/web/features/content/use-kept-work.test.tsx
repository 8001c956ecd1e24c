// @vitest-environment jsdom
// The work kept for the tab: started once when the user is known, with their snapshot if any;
// kept on every change from then on (never before); forgotten on request.
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../shared/schemas.ts';
import { type ContentSnapshot, loadSnapshot, saveSnapshot, snapshotKey } from './session-store.ts';
import { emptySnapshot } from './test-data.ts';
import { useKeptWork } from './use-kept-work.ts';

const user = { id: 'u1' } as Profile;
const empty = emptySnapshot;
const kept: ContentSnapshot = { ...empty, hooks: ['A kept hook'] };

type Props = { profile: Profile | null | undefined; snapshot: ContentSnapshot };
function render(initial: Props) {
  const start = vi.fn();
  const hook = renderHook((props: Props) => useKeptWork({ ...props, start }), { initialProps: initial });
  return { ...hook, start };
}

afterEach(() => {
  sessionStorage.clear();
});

describe('useKeptWork', () => {
  it('waits for the user, then starts once with their kept work, before keeping anything', () => {
    saveSnapshot(user.id, kept);
    const { rerender, start } = render({ profile: undefined, snapshot: empty });
    expect(start).not.toHaveBeenCalled();
    // The empty screen before the restore does not overwrite what was kept.
    expect(loadSnapshot(user.id)).toEqual(kept);

    rerender({ profile: user, snapshot: empty });
    expect(start).toHaveBeenCalledExactlyOnceWith(user, kept);
    rerender({ profile: { ...user }, snapshot: kept });
    expect(start).toHaveBeenCalledOnce();
  });

  it('keeps every change once started, and forgets on request', () => {
    const { rerender, result } = render({ profile: user, snapshot: empty });
    const draft = { ...kept, draft: 'A draft' };
    rerender({ profile: user, snapshot: draft });
    expect(loadSnapshot(user.id)).toEqual(draft);
    result.current.forget();
    expect(sessionStorage.getItem(snapshotKey(user.id))).toBeNull();
  });

  it('starts a signed-out screen with nothing and keeps nothing for it', () => {
    const { rerender, result, start } = render({ profile: null, snapshot: empty });
    expect(start).toHaveBeenCalledExactlyOnceWith(null, null);
    rerender({ profile: null, snapshot: kept });
    result.current.forget();
    expect(sessionStorage.length).toBe(0);
  });
});
