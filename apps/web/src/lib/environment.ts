/** The portal's deployment environment, chosen from the page hostname (spec 1 §4). */
export type PortalEnvironment = 'dev' | 'staging' | 'production';

/** Hostnames of the known deployments. `*.example.com` matches any subdomain of example.com. */
export interface EnvironmentHosts {
  production: readonly string[];
  staging: readonly string[];
}

/** The built-in table; a deployment can replace either list through VITE_PRODUCTION_HOSTS / VITE_STAGING_HOSTS. */
export const DEFAULT_ENVIRONMENT_HOSTS: EnvironmentHosts = {
  production: ['portal.marketplace-portal.dev'],
  staging: ['staging.portal.marketplace-portal.dev', '*.staging.portal.marketplace-portal.dev'],
};

/**
 * The host table from Vite-style variables: comma-separated host lists; a missing or blank one keeps the default.
 *
 * @example
 * environmentHostsFrom({ VITE_STAGING_HOSTS: 'staging.example.com' }).staging; // ['staging.example.com']
 */
export function environmentHostsFrom(
  env: Readonly<Record<string, unknown>>,
  defaults: EnvironmentHosts = DEFAULT_ENVIRONMENT_HOSTS,
): EnvironmentHosts {
  return {
    production: hostList(env.VITE_PRODUCTION_HOSTS) ?? defaults.production,
    staging: hostList(env.VITE_STAGING_HOSTS) ?? defaults.staging,
  };
}

/** The table in force for this build. */
export const ENVIRONMENT_HOSTS: EnvironmentHosts = environmentHostsFrom(import.meta.env);

/**
 * The environment for a hostname: production or staging when the table lists it, otherwise dev (so
 * localhost, previews and unknown hosts never pass for production).
 *
 * @example
 * environmentFromHostname('portal.marketplace-portal.dev'); // 'production'
 * environmentFromHostname('localhost'); // 'dev'
 */
export function environmentFromHostname(
  hostname: string,
  hosts: EnvironmentHosts = ENVIRONMENT_HOSTS,
): PortalEnvironment {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (hosts.production.some((pattern) => hostMatches(host, pattern))) return 'production';
  if (hosts.staging.some((pattern) => hostMatches(host, pattern))) return 'staging';
  return 'dev';
}

function hostMatches(host: string, pattern: string): boolean {
  const wanted = pattern.trim().toLowerCase();
  if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1;
  return host === wanted;
}

function hostList(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const hosts = value
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  return hosts.length > 0 ? hosts : undefined;
}
