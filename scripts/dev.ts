/**
 * `npm run dev`: the API (restarting on change) on DEV_API_PORT and webpack-dev-server with
 * hot reload on PORT, which proxies /v0/api, /media and /catalogue to the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.DEV_API_PORT ?? '3001';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'server/index.ts'], {
    stdio: 'inherit',
    // The dev server is also reachable as 127.0.0.1: let its pages write too (origin check).
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: apiPort,
      PUBLIC_URL: publicUrl,
      ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? `http://127.0.0.1:${port}`,
    },
  }),
  spawn('npx', ['webpack', 'serve', '--mode', 'development'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '--import=tsx', PORT: port, DEV_API_PORT: apiPort },
  }),
];

function stopAll(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
