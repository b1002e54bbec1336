import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useLocation } from 'react-router';
import { canCall } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { withKeptQuery } from '@/lib/keep-query';
import { adminHref, NEW_ITEM_SEGMENT, type OwnerItem } from '../catalogue/resolve-path';
import { ReadOnlyFields } from '../detail/read-only-fields';
import type { Item } from '../lib/admin-api';
import { recreateState } from './recreate';

/** A deleted item's last state, read-only, and 'Recreate', which opens the create form prefilled with it. */
export function DeletedItem({ owner, lastState }: { owner: OwnerItem; lastState: Item }) {
  const { collection, params } = owner;
  const { description, roles } = usePortalContext();
  const navigate = useNavigate();
  const { search } = useLocation();
  const create = collection.operations.create ? getOperation(description, collection.operations.create) : undefined;
  const get = collection.operations.get ? getOperation(description, collection.operations.get) : undefined;
  const listParams = Object.fromEntries(Object.entries(params).filter(([name]) => name !== collection.itemParam));
  const createHref = withKeptQuery(`${adminHref(collection, listParams)}/${NEW_ITEM_SEGMENT}`, search);
  return (
    <Stack as="section" aria-labelledby="deleted-item-heading" gap="3" borderWidth="1px" rounded="l3" p="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" id="deleted-item-heading" size="md">
          This {collection.singular.toLowerCase()} was deleted
        </Heading>
        {create && canCall(roles, create) && (
          <Button size="sm" onClick={() => void navigate(createHref, { state: recreateState(lastState) })}>
            Recreate
          </Button>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Its last state before the delete:
      </Text>
      <ReadOnlyFields
        item={lastState}
        schema={get?.responseSchema ?? null}
        hiddenFields={collection.hiddenFields ?? []}
      />
    </Stack>
  );
}
