// Work in progress (issue 3).
export function AirPage() {
  return <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account Intelligence Report</h1>;
}
