import type { MarketplaceInfo } from './marketplaces.ts';

/*
 * The render gate's one call (issue 22): `GET /portal-api/session` answers what the web app needs before its first
 * render, and where the marketplace's prepared API description is.
 */

/** Where a marketplace's prepared API description is served; the URL never changes content (immutable). */
export interface PreparedDescriptionRef {
  /** Names the marketplace API the description belongs to (a hash of its CoreApiUrl). */
  Key: string;
  /** The marketplace API's `/env` BuildNumber, which is the description's version. */
  BuildNumber: string;
  /** `/portal-api/descriptions/{Key}/{BuildNumber}.json`. */
  Url: string;
}

/** A platform token as the portal service hands it out. */
export interface PortalToken {
  access_token: string;
  expires_in: number;
  token_type: string;
}

/** The body of `GET /portal-api/session`; `User` is the portal user (`GET /portal-api/me`). */
export interface PortalSession<User = unknown> {
  Me: User;
  Marketplace: MarketplaceInfo;
  DeveloperToken: PortalToken;
  Description: PreparedDescriptionRef;
}

/**
 * The path of a prepared description, under the portal service.
 *
 * @example
 * preparedDescriptionPath('3f2a…', '1.0.445.36017'); // '/portal-api/descriptions/3f2a…/1.0.445.36017.json'
 */
export function preparedDescriptionPath(key: string, buildNumber: string): string {
  return `/portal-api/descriptions/${encodeURIComponent(key)}/${encodeURIComponent(buildNumber)}.json`;
}
