// `npm start`: build the web app if its sources changed, then run the server (DESIGN §3 roles).
import { buildIfStale } from './build-if-stale.ts';

if ((process.env.ROLE ?? 'all') !== 'worker') buildIfStale();
await import('../src/server/main.ts');
