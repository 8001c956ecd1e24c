// Title-only stand-in for the flag-gated sandbox route (outside the spec's scope).
export const SandboxPage = () => <h1 className="text-3xl font-bold tracking-tight text-slate-900">Navigation Restructure Sandbox</h1>;
