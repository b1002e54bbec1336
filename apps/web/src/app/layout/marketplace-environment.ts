// The marketplace's environment (Sandbox, Staging, Production) as the frame and the home page show it. Not the
// portal's own deployment (lib/environment.ts, read from the hostname): one portal serves marketplaces of every
// environment, and the marketplace's is what a change lands in.

/** Production is where mistakes cost most: it stands out in red everywhere (spec 1 §2 Routes "/"). */
export function isProductionMarketplace(environment: string): boolean {
  return environment === 'Production';
}

/**
 * The colour palette of an environment's badge.
 *
 * @example
 * environmentPalette('Production'); // 'red'
 */
export function environmentPalette(environment: string): 'red' | 'orange' | 'blue' {
  if (isProductionMarketplace(environment)) return 'red';
  if (environment === 'Staging') return 'orange';
  return 'blue';
}
