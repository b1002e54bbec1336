import type { ResourceDefinition } from '../resources/types.ts';
import type { Registry } from '../resources/registry.ts';
import type { TokenIssuer } from '../auth/tokens.ts';
import type { Store } from './store.ts';

/** Process-wide services some operations need (impersonation mints tokens). */
export interface PlatformServices {
  issuer: TokenIssuer;
  /** The marketplace's environment (Sandbox, Staging, Production...), named in integration payloads. */
  environmentOf?(marketplaceId: string): Promise<string>;
  /**
   * Runs after an operation succeeded (the first product list call starts the first search index
   * build; post-hook webhooks fire), given the call that succeeded.
   */
  afterOperation?(operationId: string, marketplaceId: string, call?: CompletedCall): Promise<void>;
}

/** A call that just succeeded, as post-hook webhooks describe it. */
export interface CompletedCall {
  method: string;
  /** The operation's path under `/v1`, with `{param}` segments. */
  path: string;
  auth: AuthContext;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  result: unknown;
  /** The caller's bearer token; null for calls made without one. */
  token: string | null;
}

/** Any stored object: the JSON body the API shows (ID, fields, xp). */
export type Item = Record<string, unknown>;

/** Who is calling, from a verified access token. */
export interface AuthContext {
  marketplaceId: string;
  clientId: string;
  username: string;
  /** Id of the user record (AdminUsers, Users or SupplierUsers). */
  userId: string;
  userType: 'admin' | 'buyer' | 'supplier';
  /** Buyer or supplier id for buyer and supplier users; undefined for admin users. */
  companyId: string | undefined;
  roles: ReadonlySet<string>;
  /** Id of the impersonating user when the token was issued through impersonation. */
  impersonatorId: string | undefined;
  /**
   * Set for an anonymous shopper's token: `userId` is then the shopper's own generated id (no user
   * record exists) and the shopper browses as the API client's default context user.
   */
  anonymous?: AnonymousShopper | undefined;
  /**
   * Set for a portal user's token (`userId` is `portal:<username>`): no user record exists, so Me.Get
   * answers from this profile, which the portal service put in the token.
   */
  portalUser?: PortalUserProfile | undefined;
}

/** What the portal knows of a portal user; null where it knows nothing. */
export interface PortalUserProfile {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** What an anonymous shopper's token says beyond the usual claims. */
export interface AnonymousShopper {
  /** Id of the default context user the shopper browses as (catalog visibility, user groups). */
  templateUserId: string;
  /** The order id reserved for the shopper's cart (`orderid` claim). */
  orderId: string;
}

export interface OperationContext {
  marketplaceId: string;
  auth: AuthContext;
  /** Path parameters as sent (ids are case-sensitive). */
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string | string[] | undefined>>;
  body: unknown;
  /** Storage scoped to the marketplace; inside the request's transaction for writes. */
  store: Store;
  registry: Registry;
  resource: ResourceDefinition;
  services?: PlatformServices;
}

export interface WriteContext extends OperationContext {
  mode: 'create' | 'replace' | 'patch';
  /** Parent ids from the path, outermost first. */
  parents: readonly string[];
  id: string;
  /** The stored object before the write; undefined on create. */
  previous: Item | undefined;
  /** The object about to be stored; hooks may change it. */
  next: Item;
}

export interface DeleteContext extends OperationContext {
  parents: readonly string[];
  id: string;
  previous: Item;
}

export interface PresentContext {
  store: Store;
  parents: readonly string[];
}
