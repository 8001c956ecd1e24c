/** Labelled figures, e.g. 'News alerts sent' 12. */
export function StatList({ stats }: { stats: { label: string; value: number }[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {stats.map(({ label, value }) => (
        <div key={label} className="rounded-xl bg-slate-50 px-4 py-3">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}
