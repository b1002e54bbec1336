import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const READY = /Marketplace Portal is ready at (http:\/\/\S+)/;

/**
 * Starts the real server, as `npm start` runs it, on a free port with a throw-away database,
 * and hands its URL to the tests through E2E_BASE_URL. Set E2E_BASE_URL yourself to test a
 * server that is already running.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const root = path.resolve(import.meta.dirname, '..');
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server not ready after 120 s:\n${output}`)), 120_000);
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(READY);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  process.env.E2E_BASE_URL = url;

  return async () => {
    const exited = new Promise((resolve) => server.on('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
