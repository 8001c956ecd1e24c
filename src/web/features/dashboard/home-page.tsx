// Work in progress (issue 3).
export function HomePage() {
  return <h1 className="text-3xl font-bold tracking-tight text-slate-900">Enterprise OS</h1>;
}
