import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';

/** The content service, mounted at `/content`. */
export const contentPart: Part = {
  name: 'content',
  prefix: '/content',
  async plugin(app) {
    registerHealthRoute(app, 'content');
  },
};
