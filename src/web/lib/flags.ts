// Feature flags kept locally (spec 01 §3).
const FLAG_KEYS = { enableNavigationRestructure: 'enableNavigationRestructure' } as const;
export type FlagName = keyof typeof FLAG_KEYS;

export function isFlagOn(name: FlagName): boolean {
  try {
    return localStorage.getItem(FLAG_KEYS[name]) === 'true';
  } catch {
    return false;
  }
}
