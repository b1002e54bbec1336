import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { AppLink } from '@/ui/app-link';
import { collectionByKey } from '../catalogue/catalogue';
import { adminHref, apiPathParams, type RouteParams } from '../catalogue/resolve-path';
import { useAdminApi, type Item } from '../lib/admin-api';
import { formatMoney } from './money';

/** One page holds every line item of nearly any order; a longer order says so and links to its Line Items tab. */
export const OVERVIEW_LINE_ITEMS = 100;

/** The items of an order's collection (line items, shipments) through the collection's list operation. */
export function useOrderList(collectionKey: string, params: RouteParams, enabled = true) {
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  const collection = collectionByKey(collectionKey);
  const operation = getOperation(description, collection.operations.list);
  const pathParams = apiPathParams(collection, params);
  const query = { page: 1, pageSize: OVERVIEW_LINE_ITEMS };
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'list', operation?.id ?? '', pathParams, query],
    queryFn: ({ signal }) => {
      if (!operation) throw new Error(`${collection.label} cannot be listed.`);
      return api.list(operation, pathParams, query, signal);
    },
    enabled: enabled && operation !== undefined,
    retry: false,
  });
}

function productName(lineItem: Item): string {
  const product = lineItem.Product as Item | null | undefined;
  const name = typeof product?.Name === 'string' ? product.Name.trim() : '';
  return name || String(lineItem.ProductID ?? lineItem.ID ?? '');
}

function specsText(lineItem: Item): string {
  const specs = Array.isArray(lineItem.Specs) ? (lineItem.Specs as Item[]) : [];
  return specs
    .map((spec) => [spec.Name, spec.Value].filter((part) => typeof part === 'string' && part !== '').join(': '))
    .filter(Boolean)
    .join(' · ');
}

/**
 * An order's line items as on an invoice: the product's name (opening the line item) with its ID and chosen
 * specs, the quantity, unit price and line total in the order's currency.
 */
export function LineItemsTable(props: { lineItems: readonly Item[]; params: RouteParams; currency: string }) {
  const { lineItems, params, currency } = props;
  const collection = collectionByKey('orders.line-items');
  const numeric = { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    // Below md the quantity and unit price move under the product (see the row), so the table fits a phone.
    <Box overflowX="auto">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Product</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric} hideBelow="md">
              Quantity
            </Table.ColumnHeader>
            <Table.ColumnHeader {...numeric} hideBelow="md">
              Unit price
            </Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Line total</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lineItems.map((lineItem, index) => {
            const id = typeof lineItem.ID === 'string' ? lineItem.ID : '';
            const specs = specsText(lineItem);
            const quantity = typeof lineItem.Quantity === 'number' ? lineItem.Quantity : '—';
            const unitPrice = formatMoney(lineItem.UnitPrice, currency);
            return (
              <Table.Row key={id || index}>
                <Table.Cell minW="40">
                  <Stack gap="0">
                    {id ? (
                      <AppLink to={adminHref(collection, params, id)} color="blue.fg" fontWeight="medium">
                        {productName(lineItem)}
                      </AppLink>
                    ) : (
                      <Text fontWeight="medium">{productName(lineItem)}</Text>
                    )}
                    <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                      {String(lineItem.ProductID ?? '')}
                      {specs && ` · ${specs}`}
                    </Text>
                    {/* On a phone the quantity and unit price join the product, so the line total stays in view. */}
                    <Text fontSize="sm" hideFrom="md">
                      {quantity} × {unitPrice}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell {...numeric} hideBelow="md">
                  {quantity}
                </Table.Cell>
                <Table.Cell {...numeric} hideBelow="md">
                  {unitPrice}
                </Table.Cell>
                <Table.Cell {...numeric}>{formatMoney(lineItem.LineTotal, currency)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
