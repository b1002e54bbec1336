import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'expressions',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
