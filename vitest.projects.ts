import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, type TestProjectInlineConfiguration, type UserWorkspaceConfig } from 'vitest/config';

/**
 * A test file that replaces a module (`vi.mock`) or needs modules of its own (it says `own-module-graph`: it tests a
 * module's first load, or reads a process-wide registry) runs in a fresh module graph: in a shared one its mock would
 * reach the files after it, or an earlier file would have loaded or filled the module already.
 */
const NEEDS_OWN_MODULES = /\bvi\.(?:mock|doMock)\(|own-module-graph/;

function testFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * A workspace's tests as two projects from its own vitest config (its root and name): most files share one module
 * graph (and page environment) per worker, `isolate: false`; the few that need their own (above) keep it. Loading the server's
 * modules or Chakra, React and happy-dom again for each of some 150 files was most of the time on a 2-core machine:
 * web 260 s of wall clock isolated against 60 s shared, server 507 s against 306 s.
 */
export function workspaceProjects(config: UserWorkspaceConfig): TestProjectInlineConfiguration[] {
  const { root = '.', name = '' } = config.test ?? {};
  const ownModules = testFiles(path.join(root, 'src'))
    .filter((file) => NEEDS_OWN_MODULES.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
  // Spread, not `extends`: extending would add these include lists to the workspace's own instead of replacing it.
  return [
    { ...config, test: { ...config.test, include: ownModules } },
    {
      ...config,
      test: {
        ...config.test,
        name: `${name}-shared`,
        isolate: false,
        exclude: [...configDefaults.exclude, ...ownModules],
      },
    },
  ];
}
