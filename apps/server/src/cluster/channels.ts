/**
 * The bus channels (cluster/bus.ts) parts publish on and listen to, named once so a publisher in
 * one part and a subscriber in another cannot drift apart.
 */
export const CHANNELS = {
  /** The platform's token signing keys changed (rotation); payload: the new signing kid. */
  platformSigningKeys: 'platform.signing-keys',
  /** The identity provider's token signing keys changed (rotation); payload: the new signing kid. */
  identitySigningKeys: 'identity.signing-keys',
  /** A user's name or e-mail address changed at the identity provider; payload: the user's subject. */
  identityProfile: 'identity.profile',
  /** A role group's roles or members changed; payload: the marketplace id (the portal drops kept developer tokens). */
  portalRoleGroups: 'portal.role-groups',
} as const;
