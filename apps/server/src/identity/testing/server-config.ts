import net from 'node:net';
import { loadConfig, type Config } from '../../config.ts';
import type { DatabaseTarget } from '../../db/database.ts';
import { testConfig } from '../../testing/test-database.ts';

/**
 * Test settings on a concrete free port. `startServer` turns port 0 into a real port for the public
 * URL only; the issuer, JWKS and audience URLs derived from it would keep port 0, which the OIDC
 * flow tests cannot fetch or compare against.
 */
export async function concreteTestConfig(target: DatabaseTarget, overrides: Partial<Config> = {}): Promise<Config> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const derived = loadConfig({ PORT: String(port) });
  return testConfig(target, {
    port,
    publicUrl: derived.publicUrl,
    identityIssuer: derived.identityIssuer,
    identityJwksUrl: derived.identityJwksUrl,
    portalAudience: derived.portalAudience,
    ...overrides,
  });
}
