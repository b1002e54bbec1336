/**
 * The marketplaces of an organization as the portal service lists them (`/portal-api/marketplaces`) and the one
 * a signed-in user works on (`/portal-api/marketplace`). A marketplace is either hosted by the product's own
 * platform or connected: it runs on another platform-compatible service the portal reaches by its API base URL
 * and an API client (issue 21, docs/connected-marketplaces.md).
 */

export type MarketplaceKind = 'Hosted' | 'Connected';

export const MARKETPLACE_ENVIRONMENTS = ['Sandbox', 'Staging', 'Production'] as const;
export type MarketplaceEnvironment = (typeof MARKETPLACE_ENVIRONMENTS)[number];

/** `GET /portal-api/marketplace`: the marketplace the caller signed in to. */
export interface MarketplaceInfo {
  Id: string;
  Name: string;
  OcEnvironment: string;
  Region: { Id: string | null; Name: string | null };
  /** Where the browser calls the platform: `{CoreApiUrl}/v1/...`, `{CoreApiUrl}/oauth/token`. */
  CoreApiUrl: string;
  Kind: MarketplaceKind;
}

/** One row of `GET /portal-api/marketplaces`. */
export interface MarketplaceListItem {
  /** The marketplace id, which is also the tenant name users sign in to. */
  ID: string;
  Name: string;
  Environment: string;
  /** The hosting region's name; null for a connected marketplace (the portal does not know it). */
  Region: string | null;
  /** The API base URL: `{CoreApiUrl}/v1` for a hosted one, the address typed for a connected one. */
  ApiUrl: string;
  Kind: MarketplaceKind;
  /** Connected only: the API client the portal signs in with (never its secret). */
  ClientID: string | null;
  /** Connected only: ISO time the portal last reached it, and the last call's error (null after a success). */
  LastReachedAt: string | null;
  LastError: string | null;
}

/** `GET /portal-api/marketplaces`. `CanManage`: the caller may connect, edit and disconnect (organization admins). */
export interface MarketplaceList {
  Items: MarketplaceListItem[];
  CanManage: boolean;
}

/** `POST /portal-api/marketplaces` body. */
export interface ConnectMarketplaceInput {
  Name: string;
  Environment: MarketplaceEnvironment;
  ApiUrl: string;
  ClientID: string;
  ClientSecret: string;
}

/** `PATCH /portal-api/marketplaces/{id}` body: a new name and/or a new secret (the checks run again for a secret). */
export interface EditMarketplaceInput {
  Name?: string;
  ClientSecret?: string;
}

/**
 * The answer to a connect (201) or an edit (200). `Warnings` are sentences to show beside the success (roles the
 * client's token lacks). A refused check answers 400 problem details whose `detail` names the step that failed and
 * whose `errors` point at the form field to change (`ApiUrl`, `ClientID`, `ClientSecret`, `Name`, `Environment`).
 */
export interface MarketplaceSaved {
  Marketplace: MarketplaceListItem;
  Warnings: string[];
}

/** The connection checks in the order they run; a 400's `detail` starts with the failed step's title. */
export const CONNECT_CHECKS = [
  { step: 'address', title: 'Address check' },
  { step: 'platform', title: 'Platform check' },
  { step: 'credentials', title: 'API client check' },
] as const;
export type ConnectCheckStep = (typeof CONNECT_CHECKS)[number]['step'];
