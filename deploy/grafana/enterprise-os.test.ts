// The Grafana dashboard and the metrics cannot drift apart: every series a panel queries is one
// the registry defines (a renamed family fails here, not on an operator's empty panel), and every
// family of ours has a panel.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry, startMetrics } from '../../src/server/lib/metrics.ts';

type Target = { expr: string; datasource?: { uid?: string } };
type Panel = { type: string; title: string; targets?: Target[]; datasource?: { uid?: string } };
const dashboard = JSON.parse(readFileSync(new URL('./enterprise-os.json', import.meta.url), 'utf8')) as {
  panels: Panel[];
  templating: { list: { type: string; name: string; query: unknown }[] };
};

// Ours, before Node's default metrics join them.
const ours = registry.getMetricsAsArray().map((m) => m.name);
startMetrics('test');
const defined = new Map(registry.getMetricsAsArray().map((m) => [m.name, (m as unknown as { type: string }).type]));

/** Grafana's reference to the dashboard's data-source variable (not a JavaScript template). */
const DATASOURCE = ['$', '{datasource}'].join('');

const queried = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
const namesIn = (expr: string) => [...expr.matchAll(/\beos_[a-z0-9_]+/g)].map((m) => m[0]);

/** The family a series name belongs to: a histogram's _bucket, _count and _sum are its own. */
function familyOf(series: string): string | undefined {
  if (defined.has(series)) return series;
  const base = series.replace(/_(bucket|count|sum)$/, '');
  return defined.get(base) === 'histogram' ? base : undefined;
}

describe('deploy/grafana/enterprise-os.json', () => {
  it('queries only series the registry defines', () => {
    const names = [...new Set(queried.flatMap(namesIn))];
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !familyOf(name))).toEqual([]);
  });

  it('has a panel for every family of ours', () => {
    const shown = new Set(queried.flatMap(namesIn).map(familyOf));
    expect(ours.length).toBeGreaterThan(10);
    expect(ours.filter((family) => !shown.has(family))).toEqual([]);
  });

  it('asks for its Prometheus data source instead of naming one, on every panel and query', () => {
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect(panel.datasource?.uid, panel.title).toBe(DATASOURCE);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid, panel.title).toBe(DATASOURCE);
    }
  });
});
