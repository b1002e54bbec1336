import { Badge } from '@chakra-ui/react';
import type { HttpMethod } from '@/description/openapi-types';

/** Spec §2 verb colours: get green, post blue, put teal, patch yellow, delete red. */
export const VERB_COLORS: Readonly<Record<string, string>> = {
  get: 'green',
  post: 'blue',
  put: 'teal',
  patch: 'yellow',
  delete: 'red',
};

export function verbColor(method: HttpMethod | string): string {
  return VERB_COLORS[method.toLowerCase()] ?? 'gray';
}

// White text on the default green and teal solids is about 3.3:1, under WCAG AA's 4.5:1 for the badge's small text.
const DARKER_SOLID = new Set(['green', 'teal']);

export function VerbBadge({ method }: { method: HttpMethod | string }) {
  const palette = verbColor(method);
  return (
    // The palette is also a data attribute because Chakra turns colorPalette into hashed CSS, which tests cannot read.
    <Badge
      colorPalette={palette}
      data-color-palette={palette}
      variant="solid"
      bg={DARKER_SOLID.has(palette) ? 'colorPalette.700' : undefined}
      minW="16"
      justifyContent="center"
    >
      {method.toUpperCase()}
    </Badge>
  );
}
