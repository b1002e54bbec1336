import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnTs, waitForExit, waitForLine } from '../../testing/child-process.ts';
import { freePort } from '../../testing/free-port.ts';
import { READY_LINE } from '../../testing/server-processes.ts';

/**
 * A second product instance for the connected-marketplace tests: a real `main.ts` process on its own port and
 * PGlite data folder, with the demo data, reached only over HTTP, as a marketplace elsewhere would be.
 */
export interface SecondInstance {
  /** e.g. http://127.0.0.1:46123 */
  url: string;
  /** Its platform's API base URL, as an admin would type it: `{url}/platform/v1`. */
  apiUrl: string;
  /** Its data folder (PGlite, no PORTAL_SECRETS_KEY), removed by `stop`. */
  dataDir: string;
  /** A call to its platform (`path` after `/platform`) with a bearer token; throws on any refusal, naming it. */
  call(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** A token of its demo marketplace's admin user (password grant through `clientId`), as its own admin would sign in. */
  adminToken(clientId: string): Promise<string>;
  stop(): Promise<void>;
}

async function platformCall(url: string, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const response = await fetch(`${url}/platform${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${init.token ?? ''}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function adminTokenOf(url: string, clientId: string): Promise<string> {
  const signIn = await platformCall(url, '/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: clientId,
      username: 'admin',
      password: 'Demo-Admin-1',
    }).toString(),
  });
  return ((await signIn.json()) as { access_token: string }).access_token;
}

// Settings of the developer's shell that would make the instance differ from a fresh one.
const INHERITED = [
  'DATABASE_URL',
  'PLATFORM_MGMT_SECRET',
  'PLATFORM_MGMT_URL',
  'IDENTITY_ISSUER',
  'IDENTITY_JWKS_URL',
  'PORTAL_AUDIENCE',
  'PUBLIC_URL',
  'METRICS_TOKEN',
  'METRICS_PORT',
  'PORTAL_SECRETS_KEY',
  'PORTAL_SECRETS_PREVIOUS_KEYS',
];

export async function startSecondInstance(timeoutMs = 120_000): Promise<SecondInstance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'connected-remote-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawnTs('src/main.ts', [], {
    ...Object.fromEntries(INHERITED.map((name) => [name, undefined])),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
    JOBS_ENABLED: 'false',
  });
  // Keep reading after the ready line, so a full pipe never blocks the child.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await waitForExit(child);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForLine(child, READY_LINE, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url,
    apiUrl: `${url}/platform/v1`,
    dataDir,
    call: (path, init) => platformCall(url, path, init),
    adminToken: (clientId) => adminTokenOf(url, clientId),
    stop,
  };
}
