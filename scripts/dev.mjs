#!/usr/bin/env node
// `npm run dev`: the API with reload on change (port 3000) and Vite with hot reload (port 5173, proxying
// /myprosper, /uploads and /dev to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: './no-web-in-dev' },
  }),
  spawn('npx', ['vite', '--host'], { stdio: 'inherit', cwd: 'apps/web' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
