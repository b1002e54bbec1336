import { interactionPolicy, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { resolveTenantSelection, type TenantRequest, type TenantSelection } from './directory.ts';
import { attachTenantChoice } from './tenant-choice.ts';

/** Reason of the login prompt when the signed-in user may not use the requested tenant. */
export const TENANT_REFUSED = 'tenant_not_available';

/** The `organization` and `tenantName` authorization parameters the portal sends. */
export function requestedTenant(params: Record<string, unknown> | undefined): TenantRequest {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { organization: text(params?.organization), tenantName: text(params?.tenantName) };
}

// One request asks twice (grant loading, then the login check); the lookups are done once.
const selections = new WeakMap<KoaContextWithOIDC, Promise<TenantSelection>>();

function selectionFor(ctx: KoaContextWithOIDC, db: Db, accountId: string): Promise<TenantSelection> {
  let selection = selections.get(ctx);
  if (!selection) {
    selection = resolveTenantSelection(db, accountId, requestedTenant(ctx.oidc.params));
    selections.set(ctx, selection);
  }
  return selection;
}

/**
 * The default interaction policy plus one login check: a session whose user may not use the
 * requested organization or tenant must sign in again, and the sign-in page says why.
 */
export function tenantPolicy(db: Db): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.push(
    new interactionPolicy.Check(
      TENANT_REFUSED,
      'the signed-in account may not use the requested organization or tenant',
      'login_required',
      async (ctx) => {
        const accountId = ctx.oidc.session?.accountId;
        if (!accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        const selection = await selectionFor(ctx, db, accountId);
        return selection.ok ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );
  return policy;
}

/**
 * `loadExistingGrant` of the provider. For the portal's own web app consent is implied, so the
 * session's grant is extended to whatever it asks for; and the tenant this request resolves to
 * is recorded on the request, for the code and the tokens that follow (tenant-choice.ts).
 */
export async function loadPortalGrant(
  ctx: KoaContextWithOIDC,
  db: Db,
  portalClientId: string,
): Promise<Grant | undefined> {
  const { session, client, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!session || !client || !accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const found = grantId ? await provider.Grant.find(grantId) : undefined;
  const existing = found?.accountId === accountId && found.clientId === client.clientId ? found : undefined;
  if (client.clientId !== portalClientId) return existing;

  const selection = await selectionFor(ctx, db, accountId);
  // A refused selection is left to the login check, which sends the user to the sign-in page.
  if (selection.ok) attachTenantChoice(ctx.oidc.claims, selection.context);

  const grant = existing ?? new provider.Grant({ accountId, clientId: client.clientId });
  const before = JSON.stringify([grant.openid, grant.resources]);
  grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes]);
  for (const [resource, server] of Object.entries(ctx.oidc.resourceServers ?? {})) {
    grant.addResourceScope(
      resource,
      [...ctx.oidc.requestParamScopes].filter((scope) => server.scopes.has(scope)),
    );
  }
  if (!existing || JSON.stringify([grant.openid, grant.resources]) !== before) await grant.save();
  return grant;
}
