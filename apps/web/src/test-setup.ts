import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toaster } from '@/ui/toaster-store';

// findBy* and waitFor give up after this long. The default second is too short for the first render of a Chakra page
// while other test files share the machine's two cores; a test that really fails still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// Most test files share one page and module graph per worker (vitest.projects.ts), and the toast store is a module:
// a toast one test raised (a call that failed) would show, close button and all, in the screens of the next file.
afterEach(() => {
  toaster.remove();
});
