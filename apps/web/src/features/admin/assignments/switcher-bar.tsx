import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { pickerPathParams, pickerTarget } from '@/forms/pickers/id-field-target';
import { PickerScope } from '@/forms/pickers/picker-source';
import { SelectResourceModal } from '@/forms/pickers/select-resource-modal';
import { displayName } from '@/lib/display-name';
import { useAdminApi } from '../lib/admin-api';
import type { Switcher, TabContext } from './tab-binding';
import { useUrlValue } from './use-assignments';

/**
 * The context of a list that needs a parent the route lacks (a buyer's categories need a catalog): the route's
 * values plus the choice kept in the URL (`?catalogID=...`, so reload and back show the same list), or null
 * while nothing is chosen.
 */
export function useSwitchedContext(switcher: Switcher | null, context: TabContext): TabContext | null {
  const [chosen] = useUrlValue(switcher?.param ?? '');
  if (!switcher) return context;
  return chosen ? { ...context, [switcher.param]: chosen } : null;
}

/** The chosen item's display name, read through the same list the modal chooses from (also after a reload). */
function useChosenName(switcher: Switcher, context: TabContext, ownerResourceId: string, chosen: string) {
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  const pickerContext = { ownerResourceId, value: (name: string) => context[name] };
  const target = pickerTarget(description, switcher.field, pickerContext);
  const params = target ? pickerPathParams(target, pickerContext) : null;
  const answer = useQuery({
    queryKey: ['platform', marketplace.Id, 'list', 'switcher-name', target?.operation.id, params, chosen],
    queryFn: async ({ signal }) => {
      if (!target || !params) return null;
      const page = await api.list(
        target.operation,
        params.params,
        { ...target.query, ID: chosen, pageSize: 1 },
        signal,
      );
      const item = page.Items[0];
      return item ? displayName(item) : null;
    },
    enabled: chosen !== '' && target !== null && params?.missing.length === 0,
    retry: false,
  });
  return answer.data ?? null;
}

/**
 * The switcher: the prompt 'Select a Catalog to view Categories' until a choice is made in the 'Select {resource}'
 * modal, then the choice with a way to change it.
 */
export function SwitcherBar(props: { switcher: Switcher; context: TabContext; ownerResourceId: string }) {
  const { switcher, context, ownerResourceId } = props;
  const [chosen, setChosen] = useUrlValue(switcher.param);
  const chosenName = useChosenName(switcher, context, ownerResourceId, chosen);
  const [open, setOpen] = useState(false);
  return (
    <Box borderWidth="1px" rounded="l2" px="4" py="3">
      <HStack justify="space-between" wrap="wrap" gap="3">
        {chosen ? (
          <Text>
            {switcher.resourceLabel}: <strong>{chosenName ?? chosen}</strong>
            {chosenName && (
              <Text as="span" color="fg.muted" fontSize="sm" fontFamily="mono">
                {' '}
                {chosen}
              </Text>
            )}
          </Text>
        ) : (
          <Text>{switcher.prompt}</Text>
        )}
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          {chosen ? `Change ${switcher.resourceLabel}` : `Select ${switcher.resourceLabel}`}
        </Button>
      </HStack>
      <PickerScope ownerResourceId={ownerResourceId} params={context}>
        <SelectResourceModal
          fieldName={switcher.field}
          open={open}
          onOpenChange={setOpen}
          onSelect={(option) => setChosen(option.id)}
        />
      </PickerScope>
    </Box>
  );
}
