import { ConfigError, loadConfig } from './config.ts';

// Composition root: config -> database -> plugins -> listen. Everything else lives in server.ts.
async function main(): Promise<void> {
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
  const server = await startServer(config);
  console.log(readyLine(config.publicUrl === `http://localhost:${config.port}` ? server.url : config.publicUrl));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
