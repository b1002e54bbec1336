import { defineConfig } from 'vitest/config';
import server from './apps/server/vitest.config.ts';
import web from './apps/web/vitest.config.ts';
import { workspaceProjects } from './vitest.projects.ts';

// One run covers every workspace; each workspace's own config says how its tests run.
export default defineConfig({
  test: {
    projects: [...workspaceProjects(server), ...workspaceProjects(web), 'packages/*/vitest.config.ts'],
    // Server test files each open their own database copy; two at a time keeps two cores busy without thrashing.
    maxWorkers: 2,
  },
});
