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

/**
 * Why a connected marketplace's platform could not be reached when the session was loaded: the failure as the portal
 * service answers any call (a problem-details body, 502 or 504), so the web app shows it with the same texts.
 */
export interface PlatformUnavailable {
  type: string;
  title: string;
  status: number;
  detail: string;
}

/**
 * The body of `GET /portal-api/session`; `User` is the portal user (`GET /portal-api/me`). A connected marketplace
 * that is down still opens (issue 21): the user and the marketplace come with the platform's failure instead of a
 * token and a description, so the portal's frame and its own pages work and every page that needs the platform
 * shows the failure.
 */
export type PortalSession<User = unknown> = {
  Me: User;
  Marketplace: MarketplaceInfo;
} & (
  | { DeveloperToken: PortalToken; Description: PreparedDescriptionRef; PlatformUnavailable?: undefined }
  | { PlatformUnavailable: PlatformUnavailable; DeveloperToken?: undefined; Description?: undefined }
);

/**
 * The path of a prepared description, under the portal service.
 *
 * @example
 * preparedDescriptionPath('3f2a…', '1.0.445.36017'); // '/portal-api/descriptions/3f2a…/1.0.445.36017.json'
 */
export function preparedDescriptionPath(key: string, buildNumber: string): string {
  return `/portal-api/descriptions/${encodeURIComponent(key)}/${encodeURIComponent(buildNumber)}.json`;
}
