import { ConfigError, loadConfig } from './config.ts';
import type { StartOptions } from './server.ts';

/**
 * The whole life of a server process: configuration, start, the ready line, and a graceful stop
 * on SIGTERM or SIGINT ending with exit code 0. `main.ts` runs it as is; tests run it with a
 * test-only route (`testing/main-with-slow-route.ts`) to watch a shutdown from outside.
 */
export async function runServerProcess(options: StartOptions = {}): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  // Loaded after the configuration is known good, so a bad setting is reported before any part
  // module prints its own start-up notices.
  const { readyLine, startServer } = await import('./server.ts');
  let server;
  try {
    server = await startServer(config, options);
  } catch (error) {
    console.error('The server could not start:', error);
    process.exit(1);
  }
  console.log(readyLine(config.publicUrl === `http://localhost:${config.port}` ? server.url : config.publicUrl));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => {
        server.app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
