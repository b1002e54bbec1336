/**
 * The command palette's one search call (issue 24): `GET /portal-api/search?q=&limit=` answers the matching items of
 * the caller's marketplace, grouped by kind, searched with the caller's own platform roles.
 */

/** The kinds the portal service searches, in the order their groups are answered. */
export const SEARCH_KINDS = [
  'Orders',
  'Products',
  'Buyers',
  'Users',
  'SupplierUsers',
  'AdminUsers',
  'Promotions',
  'Catalogs',
  'ApiClients',
] as const;

/** A platform resource the palette searches (the resource's name in the API description). */
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Longest search text the portal service takes. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Items per kind when the caller names no limit, and the most it may ask for. */
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;

export interface SearchItem {
  ID: string;
  /** The item's name as a person reads it (a name, an e-mail, an order's buyer). */
  Title: string;
  /** A second line: the ID, a username, an order's total and status. */
  Subtitle: string;
  /** The ids of the item's parents in its path, outermost first (a buyer user's buyer); empty for top-level items. */
  ParentIDs: string[];
}

export interface SearchGroup {
  Kind: SearchKind;
  /** The group's heading: "Orders", "Buyer users". */
  Label: string;
  Items: SearchItem[];
}

export interface SearchAnswer {
  /** Groups with at least one item, in the order of SEARCH_KINDS. */
  Groups: SearchGroup[];
  /** Kinds the caller may read that did not answer in time; their groups are missing. */
  TimedOut: SearchKind[];
  /** Kinds the caller may read whose search failed (the platform erred or could not be reached). */
  Failed: SearchKind[];
}
