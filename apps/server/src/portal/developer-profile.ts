/** The portal profile a developer token carries, so the platform's Me.Get can describe the portal user. */
export interface DeveloperProfile {
  FirstName?: string;
  LastName?: string;
  Email?: string;
}

/** The names and e-mail address a profile is made of (a PortalCaller has them). */
export interface NamedCaller {
  email: string;
  name: string;
  givenName?: string | undefined;
  familyName?: string | undefined;
}

/** The platform's bounds on a user's names and e-mail address (MeUser's maxLength). */
const NAME_MAX = 100;
const EMAIL_MAX = 200;

/**
 * The caller's first and last name and e-mail address, as the platform's user fields take them.
 * The given and family names are used when the sign-in token carries them; otherwise the display
 * name splits at its first space ("Morgan Blake" is Morgan / Blake, a single word is a first name
 * only). A display name that is only the e-mail address (no name known) gives no names. Names are
 * cut to the platform's bound, so a long name never stops the token; an address too long to keep
 * whole is left out rather than cut into a wrong one.
 *
 * @example
 * developerProfileOf(caller); // { FirstName: 'Morgan', LastName: 'Blake', Email: 'owner@demo.example' }
 */
export function developerProfileOf(caller: NamedCaller): DeveloperProfile {
  const [first, last] = namesOf(caller);
  const clip = (value: string | undefined) => value?.slice(0, NAME_MAX).trim() || undefined;
  const firstName = clip(first);
  const lastName = clip(last);
  return {
    ...(firstName ? { FirstName: firstName } : {}),
    ...(lastName ? { LastName: lastName } : {}),
    ...(caller.email.length <= EMAIL_MAX ? { Email: caller.email } : {}),
  };
}

function namesOf(caller: NamedCaller): [string | undefined, string | undefined] {
  if (caller.givenName || caller.familyName) return [caller.givenName, caller.familyName];
  const name = caller.name.trim();
  if (name === '' || name.toLowerCase() === caller.email) return [undefined, undefined];
  const space = name.search(/\s/);
  return space < 0 ? [name, undefined] : [name.slice(0, space), name.slice(space).trim()];
}
