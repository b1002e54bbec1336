import type { ChildProcess } from 'node:child_process';
import { spawnTs, waitForExit, waitForLine } from './child-process.ts';
import { freePort } from './free-port.ts';

/** The line main.ts prints once the server listens (`readyLine` in server.ts). */
export const READY_LINE = /Marketplace Portal is ready at (http:\/\/\S+)/;

export interface ServerProcess {
  name: string;
  /** The process's own address, bypassing the proxy. */
  url: string;
  child: ChildProcess;
  /** What it wrote to stderr so far (the tail), for failure messages. */
  stderr(): string;
}

export interface ProcessSettings {
  databaseUrl: string;
  /** The address users reach (the proxy's): every process gets the same one. */
  publicUrl: string;
  /** Whether they create the demo data (default true; the checks need it). */
  seedDemoData?: boolean;
  readyTimeoutMs?: number;
}

// Settings a developer's shell or CI may export that would make the processes differ from the
// deployment under test; each process gets exactly the settings the test names.
const INHERITED_SETTINGS_REMOVED = [
  'DATA_DIR',
  'WEB_DIST',
  'SHUTDOWN_TIMEOUT_MS',
  'PLATFORM_MGMT_SECRET',
  'PLATFORM_MGMT_URL',
  'IDENTITY_ISSUER',
  'IDENTITY_JWKS_URL',
  'PORTAL_AUDIENCE',
  'PORTAL_CLIENT_ID',
  'METRICS_TOKEN',
  'METRICS_PORT',
];

/** Processes still running, killed if the test runner exits without its clean-up. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `count` real server processes (`src/main.ts`) at the same moment on one database, each on
 * its own port with otherwise identical settings: jobs on and (unless told otherwise) demo data
 * seeded, as a first deployment of several processes would. Resolves when every one printed its ready line; if any
 * fails, all are killed and the error names each failure with its stderr.
 */
export async function startProcesses(count: number, settings: ProcessSettings): Promise<ServerProcess[]> {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const removed = Object.fromEntries(INHERITED_SETTINGS_REMOVED.map((name) => [name, undefined]));
  const processes = ports.map((port, index) => {
    const child = spawnTs('src/main.ts', [], {
      ...removed,
      DATABASE_URL: settings.databaseUrl,
      PUBLIC_URL: settings.publicUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: String(settings.seedDemoData ?? true),
      JOBS_ENABLED: 'true',
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    // Keep reading stdout after the ready line, so a full pipe never blocks the child.
    child.stdout?.resume();
    const name = String.fromCharCode(65 + index);
    return { name, url: `http://127.0.0.1:${port}`, child, stderr: () => stderr };
  });
  const outcomes = await Promise.allSettled(
    processes.map((server) => waitForLine(server.child, READY_LINE, settings.readyTimeoutMs ?? 90_000)),
  );
  const failures = outcomes.flatMap((outcome, index) =>
    outcome.status === 'rejected' ? [`process ${processes[index]?.name}: ${String(outcome.reason)}`] : [],
  );
  if (failures.length > 0) {
    await stopProcesses(processes);
    throw new Error(`${failures.length} of ${count} processes did not start:\n${failures.join('\n')}`);
  }
  return processes;
}

/**
 * Ends the processes with SIGKILL: their database is dropped right after, so a graceful stop
 * (which waits for jobs) would only cost time.
 */
export async function stopProcesses(processes: readonly ServerProcess[]): Promise<void> {
  await Promise.all(
    processes.map(async ({ child }) => {
      // waitForExit waits for an 'exit' event, which a process already gone will not send again.
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await waitForExit(child);
    }),
  );
}
