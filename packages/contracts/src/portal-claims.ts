/**
 * The sign-in claims the portal relies on, as a wire contract: the built-in identity provider
 * issues them and the portal service reads them, so any OpenID provider that issues the same
 * claims can replace the built-in one. The web app reads the same names from here.
 */
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

export const ORGANIZATION_ROLES = ['Organization Owner', 'Organization Admin', 'Organization User'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** Organization owners and admins administer the portal (role groups, self-service). */
export const isOrganizationAdmin = (roles: readonly string[]) =>
  roles.includes('Organization Owner') || roles.includes('Organization Admin');
