import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';

/** The tenant inventory, mounted at `/inventory`. */
export const inventoryPart: Part = {
  name: 'inventory',
  prefix: '/inventory',
  async plugin(app) {
    registerHealthRoute(app, 'inventory');
  },
};
