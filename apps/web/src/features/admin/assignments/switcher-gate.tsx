import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { PickerScope } from '@/forms/pickers/picker-source';
import { SelectResourceModal } from '@/forms/pickers/select-resource-modal';
import type { Switcher, TabContext } from './tab-binding';
import { useUrlValue } from './use-assignments';

/**
 * A list that needs a parent the route lacks (a buyer's categories need a catalog): the prompt 'Select a Catalog
 * to view Categories' until one is chosen in the 'Select {resource}' modal, then the list with the choice, which
 * the URL keeps (`?catalogID=...`) so reload and back show the same list.
 */
export function SwitcherGate(props: {
  switcher: Switcher | null;
  context: TabContext;
  ownerResourceId: string;
  children: (context: TabContext) => ReactNode;
}) {
  const { switcher, context, ownerResourceId, children } = props;
  if (!switcher) return children(context);
  return (
    <ChosenSwitcher switcher={switcher} context={context} ownerResourceId={ownerResourceId}>
      {children}
    </ChosenSwitcher>
  );
}

function ChosenSwitcher(props: {
  switcher: Switcher;
  context: TabContext;
  ownerResourceId: string;
  children: (context: TabContext) => ReactNode;
}) {
  const { switcher, context, ownerResourceId, children } = props;
  const [chosen, setChosen] = useUrlValue(switcher.param);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="4" minW="0">
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
      </Box>
      <PickerScope ownerResourceId={ownerResourceId} params={context}>
        <SelectResourceModal
          fieldName={switcher.field}
          open={open}
          onOpenChange={setOpen}
          onSelect={(option) => {
            setChosenName(option.name);
            setChosen(option.id);
          }}
        />
      </PickerScope>
      {chosen && children({ ...context, [switcher.param]: chosen })}
    </Stack>
  );
}
