// Placeholder until the content screen lands (issue 6).
export const ContentOsPage = () => <h1 className="text-3xl font-bold tracking-tight text-slate-900">Content OS</h1>;
