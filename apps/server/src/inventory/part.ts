import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';
import { createAccessTokenVerifier } from '../identity/access-tokens.ts';
import { registerTenantRoutes } from './tenant-routes.ts';

/** The tenant inventory, mounted at `/inventory`; it reads the identity part's tenants. */
export const inventoryPart: Part = {
  name: 'inventory',
  prefix: '/inventory',
  async plugin(app) {
    registerHealthRoute(app, 'inventory');
    const { config } = app;
    const verifier = createAccessTokenVerifier(app.database.db, {
      issuer: config.identityIssuer,
      audience: config.portalAudience,
    });
    registerTenantRoutes(app, verifier);
  },
};
