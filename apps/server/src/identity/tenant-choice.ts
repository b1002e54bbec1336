import { PORTAL_CLAIMS } from '@portal/contracts';
import type { Db } from '../db/database.ts';
import { findTenant, membershipsOf, type TenantContext } from './directory.ts';

/**
 * The organization and tenant chosen at sign-in. It travels inside the provider's stored claims
 * request of the authorization code, under a member of our own (the provider copies that object
 * verbatim from the code to every refresh token after it), so each token set keeps the tenant it
 * was issued for while one sign-in session serves several tenants, e.g. in two browser tabs.
 */
export interface TenantChoice {
  organizationId: string;
  tenantId: string;
}

const MEMBER = 'https://marketplace-portal.dev/tenant_choice';

/** Records the choice on the authorization request, so the code issued for it carries it. */
export function attachTenantChoice(claimsRequest: object, context: TenantContext): void {
  const choice: TenantChoice = { organizationId: context.organization.id, tenantId: context.tenant.id };
  (claimsRequest as Record<string, unknown>)[MEMBER] = choice;
}

/** The choice an authorization code or refresh token carries. */
export function tenantChoiceOf(claimsRequest: unknown): TenantChoice | undefined {
  const value = (claimsRequest as Record<string, unknown> | undefined)?.[MEMBER] as Partial<TenantChoice> | undefined;
  return typeof value?.organizationId === 'string' && typeof value.tenantId === 'string'
    ? { organizationId: value.organizationId, tenantId: value.tenantId }
    : undefined;
}

/**
 * The chosen organization and tenant as they are now: undefined once the user has left the
 * organization or the tenant is gone or inactive, which ends the tokens issued for them.
 */
export async function tenantContextFor(
  db: Db,
  accountId: string,
  choice: TenantChoice | undefined,
): Promise<TenantContext | undefined> {
  if (!choice) return undefined;
  const membership = (await membershipsOf(db, accountId)).find(
    (candidate) => candidate.organization.id === choice.organizationId,
  );
  if (!membership) return undefined;
  const tenant = await findTenant(db, choice.organizationId, choice.tenantId);
  if (!tenant || tenant.state !== 'Active') return undefined;
  return { organization: membership.organization, tenant, roles: membership.roles };
}

/** The namespaced sign-in claims (@portal/contracts portal-claims.ts) for one organization and tenant. */
export function portalClaims(context: TenantContext): Record<string, string | string[]> {
  return {
    [PORTAL_CLAIMS.organizationId]: context.organization.id,
    [PORTAL_CLAIMS.organizationType]: context.organization.type,
    [PORTAL_CLAIMS.organizationAccountId]: context.organization.accountId,
    [PORTAL_CLAIMS.organizationRoles]: context.roles,
    [PORTAL_CLAIMS.tenantId]: context.tenant.id,
    [PORTAL_CLAIMS.tenantName]: context.tenant.name,
  };
}
