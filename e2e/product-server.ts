import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const READY = /Marketplace Portal is ready at (http:\/\/\S+)/;

/** A product server the journeys run against, on its own free port and throw-away data folder. */
export interface ProductServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server, as `npm start` runs it (PORT 0: the server picks a free port and prints it), and waits for
 * its ready line. `env` adds settings; the shell's DATABASE_URL is dropped so each server has its own PGlite folder.
 */
export async function startProductServer(name: string, env: Record<string, string> = {}): Promise<ProductServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `portal-e2e-${name}-`));
  const root = path.resolve(import.meta.dirname, '..');
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`${name} server not ready after 120 s:\n${output}`)), 120_000);
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(READY);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      server.on('exit', (code) => reject(new Error(`${name} server exited (${code}) before it was ready:\n${output}`)));
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
