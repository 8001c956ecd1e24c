// `npm run dev`: the API server restarting on changes, and Vite's dev server (hot reload) in front
// of it on http://localhost:5173, proxying /api and /dev to the server.
import { spawn } from 'node:child_process';

const env = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173', PORT: process.env.PORT ?? '3000' };
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], { env, stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { env, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
