import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import type { CatalogueTab } from '../catalogue/catalogue';
import { apiPathParams, type OwnerItem } from '../catalogue/resolve-path';
import { AssignmentListPanel } from './assignment-list-panel';
import { CompanyAssignment } from './company-assignment';
import { FilteredListPanel } from './filtered-list-panel';
import { bindRelatedTab, TabBindingError } from './tab-binding';

/** A related tab of an item page (spec 2 §2): assignments, the company checkbox, or a filtered list. */
export function AssignmentTab({ owner, tab }: { owner: OwnerItem; tab: CatalogueTab & { kind: 'related' } }) {
  const { description } = usePortalContext();
  const binding = useMemo(() => {
    try {
      return bindRelatedTab(description, owner.collection, tab);
    } catch (error) {
      // The catalogue walk test keeps this from happening with the platform's own description.
      if (error instanceof TabBindingError) return error;
      throw error;
    }
  }, [description, owner.collection, tab]);
  const context = useMemo(() => apiPathParams(owner.collection, owner.params), [owner.collection, owner.params]);
  if (binding instanceof TabBindingError) return <Text color="fg.muted">{binding.message}</Text>;
  switch (binding.kind) {
    case 'filtered-list':
      return <FilteredListPanel binding={binding} context={context} />;
    case 'company':
      return <CompanyAssignment binding={binding} context={context} />;
    case 'assignments':
      return <AssignmentListPanel binding={binding} routeContext={context} />;
  }
}
