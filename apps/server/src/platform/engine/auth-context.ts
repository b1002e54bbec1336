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
