/**
 * What the portal's parts say to each other on the wire. The identity provider issues the sign-in claims the portal
 * service and the web app read; the platform's management API answers the shapes the portal service relays to the
 * web app's self-service pages. Declared once here, so no side keeps a copy that can drift.
 */
export * from './api-description.ts';
export * from './change-history.ts';
export * from './deliveries.ts';
export * from './grants.ts';
export * from './marketplaces.ts';
export * from './portal-session.ts';
export * from './portal-claims.ts';
export * from './received-deliveries.ts';
export * from './search.ts';
export * from './search-indexes.ts';
export * from './sign-in-users.ts';
export * from './staging-restore.ts';
export * from './subscriptions.ts';
export * from './syncs.ts';
export * from './usage-events.ts';
