import { describe, expect, it } from 'vitest';
import {
  aiCost,
  aiTokens,
  metricsText,
  observeAiRun,
  outboxGauge,
  registry,
  runsGauge,
  scrapeErrors,
  setGaugeSource,
  startMetrics,
} from './metrics.ts';

describe('the metrics registry', () => {
  it("labels every series with the role and adds Node's own metrics under the eos_ prefix", async () => {
    startMetrics('worker');
    const text = await metricsText();
    expect(text).toMatch(/^eos_process_cpu_user_seconds_total\{role="worker"\} /m);
    expect(text).toMatch(/^eos_nodejs_eventloop_lag_seconds\{role="worker"\} /m);
    // Every family is ours: nothing outside the eos_ prefix.
    const names = registry.getMetricsAsArray().map((m) => m.name);
    expect(names.filter((n) => !n.startsWith('eos_'))).toEqual([]);
  });

  it('fills the database gauges at each scrape from their source, and leaves them empty when it fails', async () => {
    let runs = 3;
    setGaugeSource('runs', async (g) => g.set({ kind: 'news', state: 'due' }, runs));
    const value = async () => (await runsGauge.get()).values.find((v) => v.labels.kind === 'news' && v.labels.state === 'due')?.value;
    expect(await value()).toBe(3);
    runs = 5;
    expect(await value()).toBe(5);
    const errors = (await scrapeErrors.get()).values[0]?.value ?? 0;
    setGaugeSource('runs', async (g) => {
      g.set({ kind: 'news', state: 'due' }, 7);
      throw new Error('the database is away');
    });
    // No stale count: nothing, and the failure counted.
    expect(await value()).toBeUndefined();
    expect((await scrapeErrors.get()).values[0]?.value).toBe(errors + 1);
    setGaugeSource('runs', undefined);
    expect((await runsGauge.get()).values).toEqual([]);
    // A role without the source (web) exports the family with no samples.
    setGaugeSource('outbox', undefined);
    expect((await outboxGauge.get()).values).toEqual([]);
  });

  it('adds an AI run’s tokens, and its cost only when its model has a price', async () => {
    const tokens = async (direction: string) =>
      (await aiTokens.get()).values.find((v) => v.labels.task === 'trends' && v.labels.direction === direction)?.value;
    const cost = async () => (await aiCost.get()).values.find((v) => v.labels.task === 'trends')?.value;
    observeAiRun({ task: 'trends', status: 'succeeded', seconds: 2, inputTokens: 1000, outputTokens: 200, costUsd: null });
    expect(await tokens('input')).toBe(1000);
    expect(await tokens('output')).toBe(200);
    expect(await cost()).toBeUndefined();
    observeAiRun({ task: 'trends', status: 'failed', seconds: 1, inputTokens: 10, outputTokens: 0, costUsd: 0.0042 });
    expect(await tokens('input')).toBe(1010);
    expect(await cost()).toBeCloseTo(0.0042, 10);
  });
});
