import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'expressions',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Property tests run thousands of cases; the default 5 s is too tight when the whole suite shares two cores.
    testTimeout: 30_000,
  },
});
