const block = 'animate-pulse rounded-2xl bg-slate-200/70';

/** The page's shape while its data loads. */
export function DashboardSkeleton() {
  return (
    <output aria-label="Loading dashboard" className="block space-y-6">
      <div className={`h-12 ${block}`} />
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`h-28 ${block}`} />
        ))}
      </div>
      <div className={`h-36 ${block}`} />
      <div className={`h-64 ${block}`} />
    </output>
  );
}
