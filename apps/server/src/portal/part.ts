import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';

/** The portal service, mounted at `/portal-api`. */
export const portalPart: Part = {
  name: 'portal',
  prefix: '/portal-api',
  async plugin(app) {
    registerHealthRoute(app, 'portal');
  },
};
