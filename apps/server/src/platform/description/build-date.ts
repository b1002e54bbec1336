import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../config.ts';

/**
 * The last resort when neither BUILD_DATE nor git can tell: fixed rather than the start time, so
 * every process of one build still answers the same date.
 */
export const FALLBACK_BUILD_DATE = '2025-01-01T00:00:00.000Z';

const commitDates = new Map<string, string | undefined>();

/**
 * Commit date of the checked-out HEAD of the repository at `root` (ISO-8601 UTC), asked of git once
 * per process; undefined when `root` is not a git checkout or git is missing. Reading `.git` by hand
 * would mean unpacking pack files, so git is run instead.
 */
export function headCommitDate(root: string = repoRoot): string | undefined {
  if (commitDates.has(root)) return commitDates.get(root);
  let date: string | undefined;
  // Only the checkout itself: a copy of the build inside some other repository must not answer its dates.
  if (fs.existsSync(path.join(root, '.git'))) {
    try {
      const output = execFileSync('git', ['log', '-1', '--format=%cI'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 5_000,
      }).trim();
      const parsed = new Date(output);
      if (output && !Number.isNaN(parsed.getTime())) date = parsed.toISOString();
    } catch {
      date = undefined;
    }
  }
  commitDates.set(root, date);
  return date;
}

/** BUILD_DATE when set, else the HEAD commit's date, else the fixed fallback. */
export function resolveBuildDate(configured: string | undefined, root?: string): string {
  return configured ?? headCommitDate(root) ?? FALLBACK_BUILD_DATE;
}
