import { randomBytes } from 'node:crypto';
import type { Store } from './store.ts';

/** A new 22-character URL-safe id, like the platform's generated ids. */
export function generateId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Replaces `{incrementorID}` tokens with the incrementor's next number, left-padded to its
 * LeftPaddingCount (`ORD-{orders}` becomes `ORD-000042`).
 */
export async function resolveIdTokens(id: string, store: Store): Promise<string> {
  const tokens = [...id.matchAll(/\{([A-Za-z0-9_-]+)\}/g)];
  let resolved = id;
  for (const [token, incrementorId] of tokens) {
    const number = await store.nextIncrement(incrementorId as string);
    const incrementor = await store.get('Incrementors', [], incrementorId as string);
    const padding = Number(incrementor?.LeftPaddingCount ?? 0);
    resolved = resolved.replace(token, String(number).padStart(padding, '0'));
  }
  return resolved;
}

/** Path parameter names of a path template, in order: `/buyers/{buyerID}/users/{userID}` -> buyerID, userID. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] as string);
}
