import { decodeTokenClaims, decodeTokenRoles } from '@/access/access';

/** What the console tells a developer about the token its requests carry. */
export interface TokenSummary {
  readonly clientId: string | null;
  readonly username: string | null;
  /** `admin`, `buyer` or `supplier` in the platform's `usrtype` claim. */
  readonly userType: string | null;
  readonly expiresAt: Date | null;
  /** Roles the platform defines, in token order. */
  readonly roles: readonly string[];
  /** Roles outside the platform's list: custom roles that only the marketplace's own code checks. */
  readonly customRoles: readonly string[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Reads the token's claims for display; `knownRoles` is the description's role list, which separates the
 * platform's roles from custom ones. Nothing is verified here: the server does that on every request.
 *
 * @example
 * summarizeToken(token, ['FullAccess']).customRoles; // ['WarehouseManager']
 */
export function summarizeToken(token: string | null | undefined, knownRoles: readonly string[]): TokenSummary {
  const claims = decodeTokenClaims(token) ?? {};
  const known = new Set(knownRoles);
  const all = decodeTokenRoles(token);
  const exp = claims.exp;
  return {
    clientId: text(claims.cid),
    username: text(claims.usr),
    userType: text(claims.usrtype),
    expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null,
    // Without a role list from the description every role counts as a platform role rather than a custom one.
    roles: known.size === 0 ? all : all.filter((role) => known.has(role)),
    customRoles: known.size === 0 ? [] : all.filter((role) => !known.has(role)),
  };
}
