import { canCall, decodeTokenRoles, type SecuredOperation } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { useImpersonation } from './impersonation/use-impersonation';

/**
 * Why Send stays disabled for an operation (spec 1 §6: access follows the token the console sends with, the
 * impersonation token while impersonating), or null when the token may call it. A deep link can open an operation
 * the picker would not offer; the form still shows, so the user sees what it takes, but nothing is sent.
 *
 * @example
 * sendRefusal(['Shopper'], { roles: ['FullAccess', 'ProductAdmin'] });
 * // 'The token in use has none of the roles this operation needs (any one of FullAccess or ProductAdmin), so Send is disabled.'
 */
export function sendRefusal(roles: readonly string[], operation: SecuredOperation): string | null {
  if (canCall(roles, operation)) return null;
  const names = operation.roles;
  const phrase = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
  return `The token in use has none of the roles this operation needs (any one of ${phrase}), so Send is disabled.`;
}

/** The roles of the token the console sends with: the developer's, or the impersonation token's. */
export function useConsoleRoles(): string[] {
  const { developerToken, roles } = usePortalContext();
  const { consoleToken } = useImpersonation();
  return consoleToken === developerToken ? [...roles] : decodeTokenRoles(consoleToken);
}

/** {@link sendRefusal} for the console's current token. */
export function useSendRefusal(operation: SecuredOperation): string | null {
  return sendRefusal(useConsoleRoles(), operation);
}
