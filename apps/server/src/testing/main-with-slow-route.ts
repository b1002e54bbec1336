// Child process of the graceful shutdown test: the real server process plus GET /test-slow, which
// prints 'slow request started' and answers only when the test sends SIGUSR2, so a request is
// surely in flight while the process stops.
import { runServerProcess } from '../server-process.ts';

let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));
process.on('SIGUSR2', () => release());

await runServerProcess({
  beforeListen(app) {
    app.get('/test-slow', async () => {
      process.stdout.write('slow request started\n');
      await released;
      return { done: true };
    });
  },
});
