import path from 'node:path';
import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';

/** The local commerce platform, mounted at `/platform`. */
export const platformPart: Part = {
  name: 'platform',
  prefix: '/platform',
  migrationsFolder: path.join(import.meta.dirname, 'db/migrations'),
  async plugin(app) {
    registerHealthRoute(app, 'platform');
  },
};
