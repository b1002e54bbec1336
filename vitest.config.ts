import { defineConfig } from 'vitest/config';

// One run covers every workspace; each workspace's own config says how its tests run.
export default defineConfig({
  test: {
    projects: ['apps/*/vitest.config.ts', 'packages/*/vitest.config.ts'],
    // Server test files each open their own database copy; two at a time keeps two cores busy without thrashing.
    maxWorkers: 2,
  },
});
