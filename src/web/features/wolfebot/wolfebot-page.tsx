// Placeholder until the coming-soon page lands (issue 6).
export const WolfebotPage = () => <h1 className="text-3xl font-bold tracking-tight text-slate-900">Wolfebot Assistant</h1>;
