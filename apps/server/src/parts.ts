import { contentPart } from './content/part.ts';
import { identityPart } from './identity/part.ts';
import { inventoryPart } from './inventory/part.ts';
import type { Part } from './part.ts';
import { platformPart } from './platform/part.ts';
import { portalPart } from './portal/part.ts';
import { receiverPart } from './receiver/part.ts';

/** Every back-end part, in the order their schemas are migrated and their routes registered. */
export const parts: readonly Part[] = [
  platformPart,
  identityPart,
  inventoryPart,
  portalPart,
  contentPart,
  receiverPart,
];
