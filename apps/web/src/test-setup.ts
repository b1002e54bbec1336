import { configure } from '@testing-library/react';

// findBy* and waitFor give up after this long. The default second is too short for the first render of a Chakra page
// while other test files share the machine's two cores; a test that really fails still fails, only later.
configure({ asyncUtilTimeout: 5000 });
