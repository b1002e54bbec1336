import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Above the 5 s findBy/waitFor limit (test-setup.ts), so a wait that gives up reports what it waited for
    // rather than the test being cut off; a test making several such waits on a busy machine still fits.
    testTimeout: 15_000,
  },
});
