// Work in progress (issue 3).
export function NewsletterPage() {
  return <h1 className="text-3xl font-bold tracking-tight text-slate-900">Portfolio &amp; Industry Newsletter</h1>;
}
