import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// PRODUCT IMAGES
// The demo products' pictures, generated rather than stored so a fresh start shows merchandise without internet:
// `GET /content/images/products/{type}-{colour}.svg` draws a tile in the colour with the product type's letters
// (`tent-forest-green.svg` a forest green tile reading TENT). Any well-formed name answers, so a product renamed
// or added by hand can point at one too; the same name always draws the same picture, so browsers may keep it.

/** Where the images are served, under the content part's prefix. */
export const PRODUCT_IMAGES_PATH = '/images/products';

/** A day: the pictures only change with a new release of this drawing code. */
export const PRODUCT_IMAGE_MAX_AGE_SECONDS = 86_400;

/** `type-colour-words.svg`: lower-case letters and digits in up to five short dash-separated words. */
const IMAGE_NAME = /^([a-z0-9]{1,12})((?:-[a-z0-9]{1,16}){0,4})\.svg$/;

interface Swatch {
  fill: string;
  /** Text colour with at least 4.5:1 contrast on the fill. */
  ink: string;
}

const LIGHT_INK = '#ffffff';
const DARK_INK = '#1a202c';

/** The demo colours (seed words) by their slug. */
const NAMED_SWATCHES: Readonly<Record<string, Swatch>> = {
  black: { fill: '#1f1f1f', ink: LIGHT_INK },
  'slate-grey': { fill: '#4a5568', ink: LIGHT_INK },
  'forest-green': { fill: '#22543d', ink: LIGHT_INK },
  navy: { fill: '#1a365d', ink: LIGHT_INK },
  'burnt-orange': { fill: '#c05621', ink: LIGHT_INK },
  red: { fill: '#c53030', ink: LIGHT_INK },
  olive: { fill: '#5f6b2e', ink: LIGHT_INK },
  sand: { fill: '#e2cfa5', ink: DARK_INK },
  'sky-blue': { fill: '#90cdf4', ink: DARK_INK },
  charcoal: { fill: '#2d3748', ink: LIGHT_INK },
  mustard: { fill: '#d69e2e', ink: DARK_INK },
  plum: { fill: '#702459', ink: LIGHT_INK },
};

/** Colours for names that name none of the above, picked by a hash of the name so each name keeps its own. */
const FALLBACK_SWATCHES: readonly Swatch[] = [
  { fill: '#2b6cb0', ink: LIGHT_INK },
  { fill: '#2c7a7b', ink: LIGHT_INK },
  { fill: '#6b46c1', ink: LIGHT_INK },
  { fill: '#9c4221', ink: LIGHT_INK },
];

export interface ProductImage {
  svg: string;
  etag: string;
}

function swatchFor(colour: string, name: string): Swatch {
  const named = NAMED_SWATCHES[colour];
  if (named) return named;
  const digest = createHash('sha256').update(name).digest();
  return FALLBACK_SWATCHES[(digest[0] ?? 0) % FALLBACK_SWATCHES.length] as Swatch;
}

/**
 * The picture for a file name, or null when the name is not one this module draws.
 *
 * @example
 * productImage('tent-forest-green.svg')?.svg; // '<svg ...>...TENT...</svg>'
 */
export function productImage(fileName: string): ProductImage | null {
  const match = IMAGE_NAME.exec(fileName);
  if (!match) return null;
  const type = match[1] ?? '';
  const colour = (match[2] ?? '').replace(/^-/, '');
  const swatch = swatchFor(colour, fileName);
  const letters = type.slice(0, 4).toUpperCase();
  // Only [A-Z0-9] reach the drawing (the name's pattern), so nothing needs escaping and no markup can be injected.
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" ` +
    `aria-label="${letters}">` +
    `<rect width="240" height="240" rx="24" fill="${swatch.fill}"/>` +
    `<circle cx="120" cy="96" r="52" fill="${swatch.ink}" fill-opacity="0.16"/>` +
    `<path d="M64 150 L104 96 L128 126 L144 108 L176 150 Z" fill="${swatch.ink}" fill-opacity="0.35"/>` +
    `<text x="120" y="204" text-anchor="middle" font-family="system-ui, sans-serif" font-size="40" ` +
    `font-weight="700" letter-spacing="2" fill="${swatch.ink}">${letters}</text>` +
    `</svg>`;
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
  return { svg, etag };
}

/** Registers `GET {prefix}/images/products/:file` on the content part. */
export function registerProductImages(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(`${PRODUCT_IMAGES_PATH}/:file`, async (request, reply) => {
    const image = productImage(request.params.file);
    if (!image) {
      return reply.code(404).type('application/json').send({ error: 'Not Found', message: 'No such image.' });
    }
    reply
      .header('cache-control', `public, max-age=${PRODUCT_IMAGE_MAX_AGE_SECONDS}`)
      .header('etag', image.etag)
      .header('x-content-type-options', 'nosniff')
      // Opened on its own, the picture may not run or load anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(image.svg);
  });
}
