import { Box, Field, Heading, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { usePreviewOrders, usePreviewSubject } from './preview-data';
import { previewApproval, previewPromotion, type LineLimits } from './preview-evaluate';

// LIVE PREVIEW (screen)
// Pick an order and see, as the expressions change, what the platform would do with them on it.

function money(amount: number, currency: unknown): string {
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
}

export type PreviewExpressions =
  | { kind: 'promotion'; eligible: string | null; value: string | null; lineItemLevel: boolean; limits: LineLimits }
  | { kind: 'approval'; rule: string | null };

export function PreviewPanel({ expressions }: { expressions: PreviewExpressions }) {
  const [orderId, setOrderId] = useState<string | null>(null);
  const orders = usePreviewOrders();
  const subject = usePreviewSubject(orderId);
  let result = null;
  if (subject.data) {
    if (expressions.kind === 'promotion') {
      const preview = previewPromotion(
        {
          eligible: expressions.eligible ?? '',
          value: expressions.value ?? '',
          lineItemLevel: expressions.lineItemLevel,
        },
        subject.data,
      );
      result = preview.eligible ? (
        <Text>
          Eligible: yes. Discount: {money(preview.amount, subject.data.order.Currency)}
          {expressions.lineItemLevel &&
            ` (${preview.eligibleLineIds.length} line item${preview.eligibleLineIds.length === 1 ? '' : 's'})`}
        </Text>
      ) : (
        <Text>Eligible: no.</Text>
      );
    } else {
      result = (
        <Text>
          {previewApproval(expressions.rule ?? '', subject.data) ? 'Requires approval: yes.' : 'Requires approval: no.'}
        </Text>
      );
    }
  }
  return (
    <Box as="section" aria-label="Preview" borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="2">
        <Heading size="sm">Preview</Heading>
        <Field.Root>
          <Field.Label>Preview on order</Field.Label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field value={orderId ?? ''} onChange={(e) => setOrderId(e.target.value || null)}>
              <option value="">Choose an order…</option>
              {(orders.data ?? []).map((order) => (
                <option key={String(order.ID)} value={String(order.ID)}>
                  {String(order.ID)} · {String(order.Status)} · {money(Number(order.Total ?? 0), order.Currency)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {subject.isFetching && <Spinner size="sm" aria-label="Loading the order" />}
        {subject.isError && <Text color="red.700">The order could not be read.</Text>}
        <Box aria-live="polite">{result}</Box>
      </Stack>
    </Box>
  );
}
