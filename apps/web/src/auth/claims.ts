// The claim names the identity provider issues, declared once for the servers and this app (packages/contracts).
export { CLAIM_NAMESPACE, PORTAL_CLAIMS } from '@portal/contracts';

/** A string claim, or undefined when it is missing or not a string. */
export function stringClaim(claims: Readonly<Record<string, unknown>> | null | undefined, name: string) {
  const value = claims?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
