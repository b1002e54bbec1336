import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../server.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../../testing/test-database.ts';
import { seedIdentityDemo } from '../seed.ts';
import { concreteTestConfig } from './server-config.ts';

/**
 * The real server of an identity test file, on a concrete port over a private database with the
 * identity demo seeded: started before the file's tests, stopped and dropped after them. The
 * returned getter answers it inside tests and hooks.
 *
 * @example
 * const server = useIdentityServer();
 * it('serves discovery', async () => expect((await fetch(`${server().url}/identity/jwks`)).ok).toBe(true));
 */
export function useIdentityServer(): () => RunningServer {
  let target: TestDatabaseTarget | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    target = await createTestDatabaseTarget();
    server = await startServer(await concreteTestConfig(target.target));
    await seedIdentityDemo(server.database);
  });
  afterAll(async () => {
    await server?.stop();
    await target?.dispose();
  });
  return () => {
    if (!server) throw new Error('The identity server starts in beforeAll: use it in tests and hooks only.');
    return server;
  };
}
