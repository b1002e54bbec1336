/** A NUL or half a surrogate pair: text PostgreSQL refuses to store (see http/input-guard.ts). */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as it can be stored: the receiver keeps what it was sent, even a body a strict API would refuse,
 * so the characters PostgreSQL cannot hold become U+FFFD instead of failing the request.
 */
export const storableText = (text: string): string => text.replace(UNSTORABLE, '\uFFFD');
