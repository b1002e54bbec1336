import { PORTAL_CLAIMS, stringClaim } from '@/auth/claims';
import type { Marketplace, PortalUser } from '@/services/portal';
import { environmentFromHostname, type PortalEnvironment } from './environment';

/** Who uses the portal, as product analytics knows them. */
export interface AnalyticsUser {
  id: string;
  email: string;
  name: string;
}

/** The organization (and tenant) the user works in; `type` and `accountId` come from the sign-in claims. */
export interface AnalyticsOrganization {
  id: string;
  type: string;
  accountId: string;
  tenantName: string;
  environment: PortalEnvironment;
}

/** Product-usage analytics (spec 1 §1); a deployment installs a real one through {@link setAnalyticsClient}. */
export interface AnalyticsClient {
  identify(user: AnalyticsUser, organization: AnalyticsOrganization): void;
  page(path: string): void;
}

/**
 * The default client: it sends nothing anywhere, so no build leaks data to a vendor unless one is installed.
 * Development builds log the calls so the wiring can be checked in the browser console.
 */
export const noopAnalyticsClient: AnalyticsClient = {
  identify(user, organization) {
    if (import.meta.env.DEV) console.debug('[analytics] identify', user, organization);
  },
  page(path) {
    if (import.meta.env.DEV) console.debug('[analytics] page', path);
  },
};

let client: AnalyticsClient = noopAnalyticsClient;

/**
 * Installs the client every later call goes to; returns the previous one so tests can put it back.
 *
 * @example
 * const previous = setAnalyticsClient(recordingClient);
 */
export function setAnalyticsClient(next: AnalyticsClient): AnalyticsClient {
  const previous = client;
  client = next;
  return previous;
}

/** The client in force. */
export function getAnalyticsClient(): AnalyticsClient {
  return client;
}

/** What `identify` needs: the sign-in claims, the portal user and the marketplace. */
export interface AnalyticsIdentitySource {
  claims: Readonly<Record<string, unknown>> | null | undefined;
  me: PortalUser;
  marketplace: Marketplace;
  hostname: string;
}

/**
 * The `identify` arguments. The user id is the sign-in subject, since the portal user has no id of its own;
 * missing claims become '' rather than blocking analytics.
 *
 * @example
 * analyticsIdentity({ claims: user.profile, me, marketplace, hostname: location.hostname }).organization.environment;
 */
export function analyticsIdentity(source: AnalyticsIdentitySource): {
  user: AnalyticsUser;
  organization: AnalyticsOrganization;
} {
  const { claims, me } = source;
  return {
    user: { id: stringClaim(claims, 'sub') ?? '', email: me.Email, name: me.Name },
    organization: {
      id: stringClaim(claims, PORTAL_CLAIMS.organizationId) ?? '',
      type: stringClaim(claims, PORTAL_CLAIMS.organizationType) ?? '',
      accountId: stringClaim(claims, PORTAL_CLAIMS.organizationAccountId) ?? '',
      tenantName: stringClaim(claims, PORTAL_CLAIMS.tenantName) ?? '',
      environment: environmentFromHostname(source.hostname),
    },
  };
}
