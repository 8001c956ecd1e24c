import { describe, expect, it } from 'vitest';
import { runLateness } from '../../lib/metrics.ts';
import { dueMoment, observeRunLateness } from './metrics.ts';

const created = new Date('2026-11-27T14:00:40Z');

describe('when a run became due', () => {
  it('is the slot for the kinds scheduled at a moment, and the creation for the others and for manual runs', () => {
    expect(dueMoment({ kind: 'news', slot: '2026-11-27T14:00:00.000Z', createdAt: created })).toEqual(new Date('2026-11-27T14:00:00Z'));
    expect(dueMoment({ kind: 'newsletter', slot: '2026-11-27T13:30:00.000Z', createdAt: created })).toEqual(
      new Date('2026-11-27T13:30:00Z'),
    );
    expect(dueMoment({ kind: 'news', slot: 'manual:2026-11-27T14:00:39.000Z', createdAt: created })).toBe(created);
    // An earnings reminder's slot is the earnings date, days ahead; a check's names a day.
    expect(dueMoment({ kind: 'earnings_reminder', slot: '2026-11-30T21:00:00.000Z', createdAt: created })).toBe(created);
    expect(dueMoment({ kind: 'earnings_check', slot: '2026-11-27 after save 2026-11-01T00:00:00.000Z', createdAt: created })).toBe(created);
  });

  it('gives each successful run its lateness after that moment, never below zero', async () => {
    const count = async (kind: string) =>
      (await runLateness.get()).values.find((v) => v.metricName === 'eos_run_lateness_seconds_count' && v.labels.kind === kind)?.value ?? 0;
    const sum = async (kind: string) =>
      (await runLateness.get()).values.find((v) => v.metricName === 'eos_run_lateness_seconds_sum' && v.labels.kind === kind)?.value ?? 0;
    const before = { count: await count('newsletter'), sum: await sum('newsletter') };
    observeRunLateness({ kind: 'newsletter', slot: '2026-11-27T14:00:00.000Z', createdAt: created }, new Date('2026-11-27T14:02:00Z'));
    observeRunLateness({ kind: 'newsletter', slot: '2026-11-27T14:00:00.000Z', createdAt: created }, new Date('2026-11-27T13:59:00Z'));
    expect(await count('newsletter')).toBe(before.count + 2);
    expect(await sum('newsletter')).toBe(before.sum + 120);
  });
});
