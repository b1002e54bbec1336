import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.ts';
import { repoRoot } from '../../config.ts';
import { buildOperations } from '../engine/operations.ts';
import { FALLBACK_BUILD_DATE, headCommitDate, resolveBuildDate } from './build-date.ts';
import { registerDescriptionRoutes, type EnvironmentBody } from './routes.ts';
import { testRegistry } from './test-registry.ts';

const registry = testRegistry();
const operations = buildOperations(registry);

/** One platform's `/env` as a process started with `config` (none: a bare instance) answers it. */
async function envOf(config?: Partial<Config>): Promise<EnvironmentBody> {
  const app = Fastify();
  if (config) app.decorate('config', config as Config);
  await app.register(
    async (platform) => {
      registerDescriptionRoutes(platform, { registry, operations, publicUrl: 'http://x', environment: 'local' });
    },
    { prefix: '/platform' },
  );
  const response = await app.inject({ method: 'GET', url: '/platform/env' });
  await app.close();
  return response.json<EnvironmentBody>();
}

/** What git says of this checkout, asked here independently of the code under test. */
function gitHeadDate(): string | undefined {
  try {
    const output = execFileSync('git', ['log', '-1', '--format=%cI'], { cwd: repoRoot, encoding: 'utf8' });
    return new Date(output.trim()).toISOString();
  } catch {
    return undefined;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('BuildDate of /platform/env', () => {
  it('is the same in every process of one build, not the time a process started', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T10:00:00Z'));
    const first = await envOf({});
    vi.setSystemTime(new Date('2032-07-15T18:30:00Z'));
    const second = await envOf({});
    expect(second.BuildDate).toBe(first.BuildDate);
    expect(second.CommitDate).toBe(first.CommitDate);
    expect(first.BuildDate).toBe(gitHeadDate() ?? FALLBACK_BUILD_DATE);
  });

  it('answers BUILD_DATE when it is set', async () => {
    const env = await envOf({ buildDate: '2025-06-30T12:00:00.000Z' });
    expect(env.BuildDate).toBe('2025-06-30T12:00:00.000Z');
  });

  it('falls back to a fixed date outside a git checkout', async () => {
    const notACheckout = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-no-git-'));
    try {
      expect(headCommitDate(notACheckout)).toBeUndefined();
      expect(resolveBuildDate(undefined, notACheckout)).toBe(FALLBACK_BUILD_DATE);
      expect(resolveBuildDate('2025-06-30T12:00:00.000Z', notACheckout)).toBe('2025-06-30T12:00:00.000Z');
    } finally {
      await fs.rm(notACheckout, { recursive: true, force: true });
    }
  });
});
