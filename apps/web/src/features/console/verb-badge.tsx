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

export function VerbBadge({ method }: { method: HttpMethod | string }) {
  return (
    <Badge colorPalette={verbColor(method)} variant="solid" minW="14" justifyContent="center">
      {method.toUpperCase()}
    </Badge>
  );
}
