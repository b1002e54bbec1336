// A copy of apps/server/src/contracts/portal-claims.ts: the web app is built on its own, so it keeps the names here.

/** Namespace of the sign-in claims the identity provider issues. */
export const CLAIM_NAMESPACE = 'https://marketplace-portal.dev/claims/';

export const PORTAL_CLAIMS = {
  organizationId: `${CLAIM_NAMESPACE}organization_id`,
  organizationType: `${CLAIM_NAMESPACE}organization_type`,
  organizationAccountId: `${CLAIM_NAMESPACE}organization_account_id`,
  /** List of organization roles: 'Organization Owner', 'Organization Admin', 'Organization User'. */
  organizationRoles: `${CLAIM_NAMESPACE}organization_roles`,
  tenantId: `${CLAIM_NAMESPACE}tenant_id`,
  tenantName: `${CLAIM_NAMESPACE}tenant_name`,
} as const;

/** A string claim, or undefined when it is missing or not a string. */
export function stringClaim(claims: Readonly<Record<string, unknown>> | null | undefined, name: string) {
  const value = claims?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
