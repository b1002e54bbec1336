import path from 'node:path';
import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';
import { expiredSessionCleanup } from './expired-cleanup.ts';

/** The OpenID Connect identity provider, mounted at `/identity`. */
export const identityPart: Part = {
  name: 'identity',
  prefix: '/identity',
  migrationsFolder: path.join(import.meta.dirname, 'db/migrations'),
  jobs: [expiredSessionCleanup],
  async plugin(app) {
    registerHealthRoute(app, 'identity');
  },
};
