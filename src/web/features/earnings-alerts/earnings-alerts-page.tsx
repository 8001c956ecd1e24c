// Work in progress (issue 3).
export function EarningsAlertsPage() {
  return <h1 className="text-3xl font-bold tracking-tight text-slate-900">Earnings Alerts</h1>;
}
