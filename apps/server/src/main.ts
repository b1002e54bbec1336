import { runServerProcess } from './server-process.ts';

// Composition root: config -> database -> plugins -> listen; see server-process.ts and server.ts.
runServerProcess().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
