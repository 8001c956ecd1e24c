// A user's rules for trigger events (issue 31): quiet hours in their time zone, the kinds sent even
// then, and a daily cap. The row and its reading live here, not in the triggers feature, because
// the engine that obeys them (jobs/) reads the same row and features are never imported.
import { eq } from 'drizzle-orm';
import { DEFAULT_TRIGGER_SETTINGS, TRIGGER_KINDS, type TriggerSettings, type TriggerSettingsAnswer } from '../../shared/triggers.ts';
import type { Database } from './client.ts';
import { triggerSettings } from './schema.ts';

/** The columns `triggerSettingsOf` needs, for a select of one user's row or many. */
export const triggerSettingsColumns = {
  quietStart: triggerSettings.quietStart,
  quietEnd: triggerSettings.quietEnd,
  timeZone: triggerSettings.timeZone,
  urgentKinds: triggerSettings.urgentKinds,
  dailyCap: triggerSettings.dailyCap,
} as const;

type Row = { quietStart: string | null; quietEnd: string | null; timeZone: string; urgentKinds: string[]; dailyCap: number };

/** A stored row as the settings; no row: the defaults. Half a quiet window reads as none. */
export function triggerSettingsOf(row: Row | undefined | null): TriggerSettings {
  // A copy: a caller changing its answer must not change everyone's defaults.
  if (!row) return structuredClone(DEFAULT_TRIGGER_SETTINGS);
  return {
    quietHours: row.quietStart !== null && row.quietEnd !== null ? { start: row.quietStart, end: row.quietEnd } : null,
    timeZone: row.timeZone,
    urgentKinds: TRIGGER_KINDS.filter((kind) => row.urgentKinds.includes(kind)),
    dailyCap: row.dailyCap,
  };
}

/** The user's settings, the defaults when they never saved any; `saved`: whether they did (a row). */
export async function readSavedTriggerSettings(db: Pick<Database, 'select'>, userId: string): Promise<TriggerSettingsAnswer> {
  const [row] = await db.select(triggerSettingsColumns).from(triggerSettings).where(eq(triggerSettings.userId, userId));
  return { settings: triggerSettingsOf(row), saved: row !== undefined };
}

/** The user's settings, the defaults when they never saved any. */
export async function readTriggerSettings(db: Pick<Database, 'select'>, userId: string): Promise<TriggerSettings> {
  return (await readSavedTriggerSettings(db, userId)).settings;
}
