/** Where users get help from the provider (spec 1 §8: the 401 message links here). */
export const SUPPORT_URL = 'https://marketplace-portal.dev/support';
