import { Combobox, createListCollection, Field, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LIST_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';
import { formatOrderStatus } from '@/lib/order-status';
import type { Item } from '../admin/lib/admin-api';
import { formatDate } from '../admin/lib/format-value';
import { currencyOf, formatMoney } from '../admin/orders/money';
import { usePreviewOrders } from './preview-data';

// PREVIEW ORDER PICKER
// Which order the preview runs on: the newest orders when it opens, and any order of the marketplace once the
// user types (the platform searches order IDs and buyers across every page).

interface OrderOption {
  readonly id: string;
  readonly summary: string;
}

function optionOf(order: Item): OrderOption {
  const parts = [
    formatOrderStatus(order.Status),
    formatMoney(order.Total, currencyOf(order)),
    typeof order.FromCompanyID === 'string' ? order.FromCompanyID : '',
    typeof order.DateCreated === 'string' ? formatDate(order.DateCreated) : '',
  ];
  return { id: String(order.ID), summary: parts.filter(Boolean).join(' · ') };
}

export function PreviewOrderPicker({ orderId, onChange }: { orderId: string | null; onChange: (id: string) => void }) {
  // Only typed text searches; the chosen ID in the box must not narrow the list when it opens again.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(typed ?? '', LIST_SEARCH_DEBOUNCE_MS);
  const orders = usePreviewOrders(search, open);
  const options = useMemo(() => (orders.data?.Items ?? []).map(optionOf), [orders.data]);
  const collection = useMemo(
    () =>
      createListCollection<OrderOption>({
        items: options,
        itemToValue: (option) => option.id,
        itemToString: (option) => option.id,
      }),
    [options],
  );
  const total = orders.data?.Meta.TotalCount;
  let status: string | null = null;
  if (open && orders.isError) status = 'The orders could not be listed.';
  else if (open && orders.isFetching && options.length === 0) status = 'Loading orders…';
  else if (open && !orders.isFetching && options.length === 0) status = 'No order matches.';
  else if (open && typeof total === 'number' && total > options.length)
    status = `The newest ${options.length} of ${total} orders${search.trim() ? ' that match' : ''}: type to search.`;

  return (
    <Field.Root>
      <Field.Label>Preview on order</Field.Label>
      <Combobox.Root
        collection={collection}
        value={orderId ? [orderId] : []}
        onValueChange={(details) => {
          const [id] = details.value;
          if (id === undefined) return;
          setTyped(null);
          onChange(id);
        }}
        inputValue={typed ?? orderId ?? ''}
        onInputValueChange={(details) => {
          if (details.reason === 'input-change') setTyped(details.inputValue);
        }}
        onOpenChange={(details) => {
          setOpen(details.open);
          // Leaving the box without choosing puts the chosen order's ID back.
          if (!details.open) setTyped(null);
        }}
        allowCustomValue
        selectionBehavior="preserve"
        openOnClick
        // Inside the builder's dialog: no portal (its aria-hiding would hide the list), fixed so the body's
        // scrolling does not clip it.
        positioning={{ sameWidth: true, strategy: 'fixed' }}
        width="full"
        maxW="md"
        size="sm"
      >
        <Combobox.Control>
          <Combobox.Input placeholder="Search orders by ID or buyer…" />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger aria-label="Show orders" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content _empty={{ display: 'none' }} maxH="20rem" overflowY="auto">
            {collection.items.map((option) => (
              <Combobox.Item item={option} key={option.id} justifyContent="flex-start">
                <Stack gap="0" minW="0" flex="1">
                  <Combobox.ItemText fontFamily="mono">{option.id}</Combobox.ItemText>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {option.summary}
                  </Text>
                </Stack>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {status && (
        <Text role="status" fontSize="sm" color={orders.isError ? 'fg.error' : 'fg.muted'}>
          {status}
        </Text>
      )}
    </Field.Root>
  );
}
