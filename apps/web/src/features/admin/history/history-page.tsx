import { BreadcrumbTrail } from '../detail/breadcrumb-trail';
import { ItemFrame } from '../detail/item-frame';
import type { OwnerItem } from '../catalogue/resolve-path';
import { HistoryTab } from './history-tab';

/** `/admin/<item path>/history`: the item's heading and tabs around its History (also for a deleted item). */
export function HistoryPage({ owner }: { owner: OwnerItem }) {
  return (
    <>
      <BreadcrumbTrail collection={owner.collection} params={owner.params} />
      <ItemFrame collection={owner.collection} owner={owner}>
        <HistoryTab owner={owner} />
      </ItemFrame>
    </>
  );
}
