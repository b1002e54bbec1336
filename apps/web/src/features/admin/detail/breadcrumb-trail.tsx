import { useBreadcrumbName } from '@/app/layout/breadcrumb-names';
import { displayName } from '@/lib/display-name';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { ownerOf, type RouteParams } from '../catalogue/resolve-path';
import { useItem } from '../lib/item-queries';

// Breadcrumbs name every segment of an admin path: resource words by their catalogue label, item ids by the
// item's display name (spec 2 "Display name rule"), never a bare id once the item has loaded.

const DIRECTION_LABELS: Readonly<Record<string, string>> = { all: 'All' };

function SegmentLabel({ segment, label }: { segment: string; label: string }) {
  useBreadcrumbName(segment, label);
  return null;
}

function ItemName({
  collection,
  params,
  itemId,
}: {
  collection: CatalogueCollection;
  params: RouteParams;
  itemId: string;
}) {
  const item = useItem(collection, params, itemId);
  useBreadcrumbName(itemId, item.data ? displayName(item.data) : undefined);
  return null;
}

/** Names the segments of a collection's path and of every item above it; renders nothing. */
export function BreadcrumbTrail({ collection, params }: { collection: CatalogueCollection; params: RouteParams }) {
  const chain: CatalogueCollection[] = [];
  for (let current: CatalogueCollection | null = collection; current; current = ownerOf(current)) chain.push(current);
  return (
    <>
      {chain.map((entry) => {
        const segment = entry.path.split('/').at(-1) ?? '';
        const itemId = entry.itemParam ? params[entry.itemParam] : undefined;
        return (
          <span key={entry.key} hidden>
            {!segment.startsWith(':') && <SegmentLabel segment={segment} label={entry.label} />}
            {itemId !== undefined && <ItemName collection={entry} params={params} itemId={itemId} />}
          </span>
        );
      })}
      {Object.entries(DIRECTION_LABELS).map(([segment, label]) =>
        params.direction === segment ? <SegmentLabel key={segment} segment={segment} label={label} /> : null,
      )}
    </>
  );
}
