import type { ChangeActor, ChangeKind } from '@portal/contracts';
import type { AuthContext } from '../engine/auth-context.ts';

/** Which call a recorder records for: one per request that may write. */
export interface ChangeSource {
  operationId: string;
  /** The kind the operation's writes take when neither a create nor a delete (`Save`, `Patch`, `Action`). */
  kind: ChangeKind;
  auth: AuthContext;
  requestId: string | null;
  /**
   * The type a stored resource is recorded as: the resource whose operations it is published under (a product's
   * variants are `Products`, as their operation ids say), so a History tab finds its records by its operation ids.
   */
  typeOf?: (resource: string) => string;
}

/** The acting user as the history names it; a portal user (`portal:<name>`) is a portal developer. */
export function actorOf(auth: AuthContext): ChangeActor {
  const portal = auth.portalUser !== undefined || auth.userId.startsWith('portal:');
  const type = portal
    ? 'PortalDeveloper'
    : auth.userType === 'admin'
      ? 'MarketplaceOwner'
      : auth.userType === 'buyer'
        ? 'Buyer'
        : 'Supplier';
  return {
    ID: auth.userId,
    Username: auth.username,
    Type: type,
    CompanyID: portal || auth.userType === 'admin' ? null : (auth.companyId ?? null),
  };
}
