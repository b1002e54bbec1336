import { useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { rolesToOpen } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { withKeptQuery } from '@/lib/keep-query';
import { NoAccessPage } from './access/no-access-page';
import { pageLabel, pageOperations } from './access/page-operations';
import { AssignmentTab } from './assignments/assignment-tab';
import { resolveAdminPath } from './catalogue/resolve-path';
import { BreadcrumbTrail } from './detail/breadcrumb-trail';
import { DetailPage } from './detail/detail-page';
import { HistoryPage } from './history/history-page';
import { historyOwner } from './history/resource-ref';
import { ItemFrame } from './detail/item-frame';
import { ListPage } from './list/list-page';

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Every page below /admin, found in the catalogue (see `resolveAdminPath`). */
export function AdminRoute() {
  const { '*': splat = '' } = useParams();
  const { pathname, search } = useLocation();
  // The same location (and route params) until the path changes, so a list's memoised rows skip re-renders that a
  // query change (the next page) causes.
  const location = useMemo(() => resolveAdminPath(splat.split('/').filter(Boolean).map(safeDecode)), [splat]);
  // An item's History tab (issue 23), also of a deleted item: the portal service checks who may read it.
  const history = useMemo(() => historyOwner(splat.split('/').filter(Boolean).map(safeDecode)), [splat]);
  const { description, roles } = usePortalContext();
  // Opened by URL without a role its data needs: say which roles would open it instead of sending refused requests.
  const needed = rolesToOpen(
    roles,
    pageOperations(location).map((id) => getOperation(description, id)),
  );
  if (history) return <HistoryPage key={pathname} owner={history} />;
  if (needed) return <NoAccessPage label={pageLabel(location)} roles={needed} />;
  switch (location.kind) {
    case 'redirect':
      return <Navigate replace to={withKeptQuery(`/admin/${location.to}`, search)} />;
    case 'not-found':
      return <NotFoundPage />;
    case 'list': {
      const { collection, params, owner } = location;
      const page = <ListPage key={pathname} collection={collection} params={params} nested={owner !== null} />;
      return (
        <>
          <BreadcrumbTrail collection={collection} params={params} />
          {owner ? (
            <ItemFrame collection={owner.collection} owner={owner}>
              {page}
            </ItemFrame>
          ) : (
            page
          )}
        </>
      );
    }
    case 'item':
      return (
        <>
          <BreadcrumbTrail collection={location.collection} params={location.params} />
          <DetailPage
            key={pathname}
            collection={location.collection}
            params={location.params}
            itemId={location.itemId}
          />
        </>
      );
    case 'related':
      return (
        <>
          <BreadcrumbTrail collection={location.owner.collection} params={location.owner.params} />
          <ItemFrame collection={location.owner.collection} owner={location.owner}>
            <AssignmentTab key={pathname} owner={location.owner} tab={location.tab} />
          </ItemFrame>
        </>
      );
  }
}
