import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { AppLink } from '@/ui/app-link';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { apiPathParams, type RouteParams } from '../catalogue/resolve-path';

/**
 * The console URL for an item's Get operation, its path parameters alongside (the console picks the
 * resource and operation from `resourceId` / `operationId`).
 *
 * @example
 * consoleHref('Users.Get', 'Users', { buyerID: 'b1', userID: 'u1' });
 * // '/console?resourceId=Users&operationId=Users.Get&buyerID=b1&userID=u1'
 */
export function consoleHref(operationId: string, resourceId: string, pathParams: Record<string, string>): string {
  const query = new URLSearchParams({ resourceId, operationId, ...pathParams });
  return `/console?${query.toString()}`;
}

/** 'Open in API console' for the item on screen. */
export function ConsoleLink({ collection, params }: { collection: CatalogueCollection; params: RouteParams }) {
  const { description } = usePortalContext();
  const operation = collection.operations.get ? getOperation(description, collection.operations.get) : undefined;
  if (!operation) return null;
  return (
    <AppLink
      to={consoleHref(operation.id, operation.resourceId, apiPathParams(collection, params))}
      color="blue.fg"
      fontSize="sm"
    >
      Open in API console
    </AppLink>
  );
}
