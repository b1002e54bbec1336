/** Prefix of an anonymous shopper's user id. Stored ids cannot hold `:`, so no real user can take one. */
export const ANONYMOUS_USER_PREFIX = 'anon:';

/**
 * The user id of a new anonymous shopper, `anon:{template}:{unique}`. It names the default context
 * user the shopper shops as, so an order's FromUserID alone tells whose groups price and show its
 * products, whoever later works on the order.
 */
export function anonymousUserId(templateUserId: string, unique: string): string {
  return `${ANONYMOUS_USER_PREFIX}${templateUserId}:${unique}`;
}

/** The default context user an anonymous shopper's id shops as; undefined for any other id. */
export function templateUserOf(userId: string): string | undefined {
  if (!userId.startsWith(ANONYMOUS_USER_PREFIX)) return undefined;
  const [template] = userId.slice(ANONYMOUS_USER_PREFIX.length).split(':');
  return template || undefined;
}
