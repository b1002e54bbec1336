import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';
import { contentGraphql } from './graphql-route.ts';
import { registerProductImages } from './product-images.ts';
import { bundledContentLibrary } from './library.ts';
import { buildContentSchema } from './schema.ts';

/**
 * The content service, mounted at `/content`: the dashboard's knowledge-base articles and release
 * notes, and the groups of Me operations, served from the markdown files beside this one through
 * `POST /content/graphql` (header `x-content-token`), and the demo products' pictures at
 * `GET /content/images/products/{name}.svg`.
 */
export const contentPart: Part = {
  name: 'content',
  prefix: '/content',
  async plugin(app) {
    registerHealthRoute(app, 'content');
    // The demo products' generated pictures (xp.Images), public like any storefront image.
    registerProductImages(app);
    // Loaded while the server starts, so a broken content file stops start-up with its name in the message.
    const library = await bundledContentLibrary();
    await app.register(contentGraphql, { schema: buildContentSchema(library), token: app.config.contentToken });
  },
};
