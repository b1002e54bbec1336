import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** Runs a TypeScript entry point of the server in its own Node process, as `npm start` does. */
export function spawnTs(entry: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, entry), ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the first stdout line matching `pattern`; rejects if the process ends first. */
export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
    const timer = setTimeout(
      () => finish(new Error(`no line matching ${pattern} within ${timeoutMs} ms\n${stderr}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = line.match(pattern);
        if (match) return finish(undefined, match);
      }
    };
    const onErr = (chunk: Buffer) => {
      stderr += chunk.toString();
    };
    const onExit = (code: number | null) => finish(new Error(`process exited (${code}) before ${pattern}\n${stderr}`));
    function finish(error?: Error, match?: RegExpMatchArray) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onErr);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(match as RegExpMatchArray);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onErr);
    child.on('exit', onExit);
  });
}

/** Resolves with the exit code (or signal name) once the process has ended. */
export function waitForExit(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
}
