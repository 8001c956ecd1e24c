// The content screen's work kept for the browser tab (sessionStorage: tab scoped, gone with the tab),
// so a sidebar link, a reload or an alert e-mail link does not lose a draft. One snapshot per user.
// Whatever is read back is validated: a corrupt, foreign or older snapshot is dropped, never trusted,
// and a storage that refuses (quota, blocked by policy) only means the screen works without it.
import * as z from 'zod/mini';
import { CONTENT_FIELD_MAX_LENGTH, CTA_KINDS, HOOK_CATEGORIES } from '../../../shared/content.ts';
import { CONTENT_FIELDS, type FormSnapshot } from './content-form.ts';
import type { DraftSession, KeptDraftSession } from './draft-session.ts';
import type { StatsState } from './stats-state.ts';

/** Bumped, with the key, whenever the snapshot's shape changes: an older one is then ignored. */
export const SNAPSHOT_VERSION = 1;
export const snapshotKey = (userId: string) => `contentOs.session.v${SNAPSHOT_VERSION}:${userId}`;

/** The form, the stats panel and the hooks with their draft, as each part of the screen holds them. */
export type ContentSnapshot = { form: FormSnapshot } & StatsState & KeptDraftSession;

/** The screen's parts as one snapshot: what is kept, and nothing else. */
export function snapshotOf(form: FormSnapshot, stats: StatsState, session: DraftSession): ContentSnapshot {
  const { statsOpen, stats: list, previousStats, selectedStat } = stats;
  const { hooks, selectedHook, draft, ctaOptions, selectedCta } = session;
  return { form, statsOpen, stats: list, previousStats, selectedStat, hooks, selectedHook, draft, ctaOptions, selectedCta };
}

const fieldText = z.string().check(z.maxLength(CONTENT_FIELD_MAX_LENGTH));
// Loose on purpose: stats are shown as the server sent them (links only for http(s)); one odd source
// must not cost the user the whole draft.
const stat = z.object({ statistic: z.string(), source: z.string(), publisher: z.optional(z.nullable(z.string())) });
const position = z.nullable(z.number().check(z.int(), z.minimum(0)));

const storedSchema = z
  .object({
    version: z.literal(SNAPSHOT_VERSION),
    userId: z.string(),
    form: z.object({
      values: z.object({
        hookCategory: z.union([z.literal(''), z.enum(HOOK_CATEGORIES)]),
        audience: fieldText,
        solution: fieldText,
        valueProposition: fieldText,
      }),
      typed: z.array(z.enum(CONTENT_FIELDS)),
      generationCount: z.number().check(z.int(), z.minimum(0)),
    }),
    statsOpen: z.boolean(),
    stats: z.array(stat),
    previousStats: z.array(stat),
    selectedStat: position,
    hooks: z.array(z.string()),
    selectedHook: position,
    draft: z.nullable(z.string()),
    ctaOptions: z.nullable(z.record(z.enum(CTA_KINDS), z.string())),
    selectedCta: z.nullable(z.enum(CTA_KINDS)),
  })
  // A selection must point at something on screen, else the screen would show a choice of nothing.
  .check(
    z.refine(
      (s) =>
        (s.selectedStat === null || s.selectedStat < s.stats.length) &&
        (s.selectedHook === null || s.selectedHook < s.hooks.length) &&
        (s.selectedCta === null || s.ctaOptions !== null),
    ),
  );

/** Nothing typed, generated or opened: the screen as a fresh visit shows it, so nothing to keep. */
const isPristine = (s: ContentSnapshot) =>
  s.form.typed.length === 0 &&
  s.form.generationCount === 0 &&
  !s.statsOpen &&
  s.stats.length === 0 &&
  s.previousStats.length === 0 &&
  s.hooks.length === 0 &&
  s.draft === null;

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

export function clearSnapshot(userId: string) {
  try {
    globalThis.sessionStorage.removeItem(snapshotKey(userId));
  } catch {
    // Blocked storage kept nothing.
  }
}

/** The user's snapshot, or null; one that does not validate (or is someone else's) is removed. */
export function loadSnapshot(userId: string): ContentSnapshot | null {
  let raw: string | null;
  try {
    raw = globalThis.sessionStorage.getItem(snapshotKey(userId));
  } catch {
    return null;
  }
  if (raw === null) return null;
  const parsed = storedSchema.safeParse(parseJson(raw));
  if (!parsed.success || parsed.data.userId !== userId) {
    clearSnapshot(userId);
    return null;
  }
  const { version: _version, userId: _owner, ...snapshot } = parsed.data;
  return snapshot;
}

/** Keeps the snapshot; a pristine screen keeps nothing, so the next visit prefills afresh. */
export function saveSnapshot(userId: string, snapshot: ContentSnapshot) {
  if (isPristine(snapshot)) return clearSnapshot(userId);
  try {
    globalThis.sessionStorage.setItem(snapshotKey(userId), JSON.stringify({ version: SNAPSHOT_VERSION, userId, ...snapshot }));
  } catch {
    // Quota or blocked storage: the screen goes on without persistence. An older snapshot would
    // bring back a draft without the latest changes, so it goes too.
    clearSnapshot(userId);
  }
}
