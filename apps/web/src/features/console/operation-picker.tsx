import { Combobox, createListCollection, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { canCall } from '@/access/access';
import type { ApiOperation } from '@/description/api-model';
import { VerbBadge } from './verb-badge';

export interface OperationPickerProps {
  readonly operations: readonly ApiOperation[];
  readonly roles: readonly string[];
  readonly value: string | null;
  readonly onChange: (operationId: string) => void;
}

function matches(operation: ApiOperation, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (needle === '') return true;
  return [operation.id, operation.summary, operation.method, operation.path].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** What the input shows once an operation is chosen; the verb badge beside it already names the method. */
export function operationLabel(operation: ApiOperation): string {
  return operation.summary || operation.id;
}

/**
 * The operation dropdown (spec §2): each item shows the verb badge, summary and id, operations the token roles do
 * not permit are disabled, and typing into the input narrows the list.
 */
export function OperationPicker({ operations, roles, value, onChange }: OperationPickerProps) {
  // What the user has typed since the last choice, or null when the input shows the chosen operation. Only typed
  // text filters the list, so reopening after a choice shows every operation, and the input follows `value`.
  const [typed, setTyped] = useState<string | null>(null);
  const term = typed ?? '';
  const selected = operations.find((operation) => operation.id === value);
  const collection = useMemo(
    () =>
      createListCollection<ApiOperation>({
        items: operations.filter((operation) => matches(operation, term)),
        itemToValue: (operation) => operation.id,
        itemToString: operationLabel,
        isItemDisabled: (operation) => !canCall(roles, operation),
      }),
    [operations, roles, term],
  );

  return (
    <Combobox.Root
      collection={collection}
      value={value === null ? [] : [value]}
      onValueChange={(details) => {
        const [id] = details.value;
        if (id !== undefined) onChange(id);
      }}
      inputValue={typed ?? (selected ? operationLabel(selected) : '')}
      onInputValueChange={(details) => setTyped(details.reason === 'input-change' ? details.inputValue : null)}
      // Escape and clicks outside close the list without a choice; the input goes back to the chosen operation.
      onOpenChange={(details) => {
        if (!details.open) setTyped(null);
      }}
      inputBehavior="autohighlight"
      openOnClick
      lazyMount
      unmountOnExit
      positioning={{ sameWidth: true }}
      gap="1.5"
    >
      <Combobox.Label>Operation</Combobox.Label>
      <HStack w="full">
        {selected && <VerbBadge method={selected.method} />}
        <Combobox.Control flex="1">
          <Combobox.Input placeholder="Search operations..." onBlur={() => setTyped(null)} />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
      </HStack>
      {selected && (
        <Text fontSize="sm" color="fg.muted" fontFamily="mono">
          {selected.id} · {selected.path}
        </Text>
      )}
      {/* Said here rather than inside the popup: a listbox may only hold options, so the empty popup is hidden. */}
      {collection.size === 0 && term.trim() !== '' && (
        <Text role="status" fontSize="sm" color="fg.muted">
          No operations match “{term.trim()}”.
        </Text>
      )}
      {/* Portalled so the list is not clipped by the console's grid columns. */}
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content _empty={{ display: 'none' }}>
            {collection.items.map((operation) => (
              <Combobox.Item item={operation} key={operation.id} justifyContent="flex-start" gap="2">
                <VerbBadge method={operation.method} />
                <Stack gap="0" minW="0" flex="1">
                  <Combobox.ItemText>{operation.summary || operation.id}</Combobox.ItemText>
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono" truncate>
                    {operation.id}
                  </Text>
                </Stack>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
