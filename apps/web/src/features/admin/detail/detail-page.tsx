import type { CatalogueCollection } from '../catalogue/catalogue';
import type { RouteParams } from '../catalogue/resolve-path';
import { ItemFrame } from './item-frame';

export function DetailPage({
  collection,
  params,
  itemId,
}: {
  collection: CatalogueCollection;
  params: RouteParams;
  itemId: string | null;
}) {
  const href = typeof window === 'undefined' ? '' : window.location.pathname;
  return (
    <ItemFrame collection={collection} owner={itemId === null ? null : { params, itemId, href }}>
      <p>Details</p>
    </ItemFrame>
  );
}
