// @vitest-environment jsdom
// The content screen's tab-scoped snapshot: what goes in comes back out; anything else (corrupt,
// older, someone else's) is dropped and removed; a storage that refuses never breaks the screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftSessionReducer, NO_DRAFT_SESSION } from './draft-session.ts';
import {
  type ContentSnapshot,
  clearSnapshot,
  loadSnapshot,
  SNAPSHOT_VERSION,
  saveSnapshot,
  snapshotKey,
  snapshotOf,
} from './session-store.ts';
import { NO_STATS, statsReducer } from './stats-state.ts';
import { emptySnapshot, sampleCtaOptions } from './test-data.ts';

const ctaOptions = sampleCtaOptions;
const snapshot: ContentSnapshot = {
  form: {
    values: { hookCategory: 'Market Trend', audience: 'Retail ops leaders', solution: 'Route planning', valueProposition: 'Fewer miles' },
    typed: ['hookCategory', 'audience'],
    generationCount: 2,
  },
  statsOpen: true,
  stats: [{ statistic: 'Fuel rose 8%', source: 'https://a.example.com/fuel', publisher: null }],
  previousStats: [
    { statistic: 'Old 1%', source: 'https://a.example.com/old' },
    { statistic: 'Fuel rose 8%', source: 'https://a.example.com/fuel', publisher: null },
  ],
  selectedStat: 0,
  hooks: ['First hook', 'Second hook'],
  selectedHook: 1,
  draft: 'The hook line\n\nMy edited paragraph',
  ctaOptions,
  selectedCta: 'meetingBooking',
};
const stored = (userId: string, body: unknown = { version: SNAPSHOT_VERSION, userId, ...snapshot }) =>
  sessionStorage.setItem(snapshotKey(userId), typeof body === 'string' ? body : JSON.stringify(body));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the content session store', () => {
  it('keeps one snapshot per user under contentOs.session.v1:<userId> and gives it back', () => {
    saveSnapshot('u1', snapshot);
    expect(Object.keys(sessionStorage)).toEqual(['contentOs.session.v1:u1']);
    expect(loadSnapshot('u1')).toEqual(snapshot);
    // Saving again replaces it.
    saveSnapshot('u1', { ...snapshot, selectedCta: null });
    expect(loadSnapshot('u1')?.selectedCta).toBeNull();
    clearSnapshot('u1');
    expect(loadSnapshot('u1')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps nothing for a screen with nothing typed, generated or opened', () => {
    saveSnapshot('u1', snapshot);
    saveSnapshot('u1', {
      ...emptySnapshot,
      form: { ...emptySnapshot.form, values: { ...emptySnapshot.form.values, audience: 'From the profile' } },
    });
    expect(sessionStorage.length).toBe(0);
  });

  it('drops and removes corrupt JSON and snapshots of the wrong shape', () => {
    for (const body of [
      '{"version":1,',
      'null',
      { ...snapshot },
      { version: SNAPSHOT_VERSION, userId: 'u1', ...snapshot, hooks: 'not a list' },
      { version: SNAPSHOT_VERSION, userId: 'u1', ...snapshot, selectedHook: 2 },
      { version: SNAPSHOT_VERSION, userId: 'u1', ...snapshot, selectedCta: 'shout' },
      { version: SNAPSHOT_VERSION, userId: 'u1', ...snapshot, ctaOptions: { engagement: 'Only one' } },
      { version: SNAPSHOT_VERSION, userId: 'u1', ...snapshot, form: { ...snapshot.form, typed: ['password'] } },
      {
        version: SNAPSHOT_VERSION,
        userId: 'u1',
        ...snapshot,
        form: { ...snapshot.form, values: { ...snapshot.form.values, audience: 'x'.repeat(501) } },
      },
    ]) {
      stored('u1', body);
      expect(loadSnapshot('u1'), JSON.stringify(body).slice(0, 120)).toBeNull();
      expect(sessionStorage.getItem(snapshotKey('u1'))).toBeNull();
    }
  });

  it('drops and removes a snapshot of another version', () => {
    stored('u1', { version: SNAPSHOT_VERSION + 1, userId: 'u1', ...snapshot });
    expect(loadSnapshot('u1')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it("never gives one user another's snapshot", () => {
    saveSnapshot('u2', snapshot);
    expect(loadSnapshot('u1')).toBeNull();
    // Another user's snapshot copied under this user's key is foreign too.
    stored('u1', { version: SNAPSHOT_VERSION, userId: 'u2', ...snapshot });
    expect(loadSnapshot('u1')).toBeNull();
    expect(sessionStorage.getItem(snapshotKey('u1'))).toBeNull();
    expect(loadSnapshot('u2')).toEqual(snapshot);
  });

  it('swallows a full storage and removes the older snapshot it could not replace', () => {
    saveSnapshot('u1', snapshot);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => saveSnapshot('u1', { ...snapshot, draft: 'A newer draft' })).not.toThrow();
    expect(loadSnapshot('u1')).toBeNull();
  });

  it('works without storage at all (blocked by the browser)', () => {
    const blocked = () => {
      throw new DOMException('Access is denied.', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: blocked, setItem: blocked, removeItem: blocked, clear: blocked });
    expect(() => saveSnapshot('u1', snapshot)).not.toThrow();
    expect(loadSnapshot('u1')).toBeNull();
    expect(() => clearSnapshot('u1')).not.toThrow();
  });
});

describe('snapshotOf', () => {
  it("is the parts' states, and restoring it into each part gives the same snapshot back", () => {
    const { form, ...rest } = snapshot;
    const stats = statsReducer(NO_STATS, { type: 'restore', state: snapshot });
    const session = draftSessionReducer({ ...NO_DRAFT_SESSION, generation: 3 }, { type: 'restore', kept: snapshot });
    const kept = snapshotOf(form, stats, session);
    expect(kept).toEqual(snapshot);
    expect(Object.keys(kept).sort()).toEqual(['form', ...Object.keys(rest)].sort());
  });

  it("keeps nothing that is not the tab's to keep (the session's generation)", () => {
    const session = { ...NO_DRAFT_SESSION, generation: 7, hooks: ['A hook'] };
    expect(snapshotOf(snapshot.form, NO_STATS, session)).not.toHaveProperty('generation');
  });
});
