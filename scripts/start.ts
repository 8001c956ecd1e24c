// `npm start`: build the web app if its sources changed (not in production, which serves the build
// it was given: ADR 024), then run the server (DESIGN §3 roles). A worker serves no web app.
import { prepareWebApp } from './build-if-stale.ts';

if ((process.env.ROLE ?? 'all') !== 'worker') prepareWebApp();
await import('../src/server/main.ts');
