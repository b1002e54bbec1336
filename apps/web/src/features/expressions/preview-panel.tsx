import { Box, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { describeExplanation, type EligibilityExplanation, type Explanation } from '@portal/expressions';
import { useState } from 'react';
import { currencyOf, formatMoney } from '../admin/orders/money';
import { usePreviewSubject } from './preview-data';
import { previewApproval, previewPromotion, type LineLimits, type PreviewSubject } from './preview-evaluate';
import { PreviewOrderPicker } from './preview-order-picker';

// LIVE PREVIEW (screen)
// Pick an order and see, as the expressions change, what the platform would do with them on it, and when a
// promotion does not apply or a rule does not require approval, which part of the expression does not hold.

export type PreviewExpressions =
  | { kind: 'promotion'; eligible: string | null; value: string | null; lineItemLevel: boolean; limits: LineLimits }
  | { kind: 'approval'; rule: string | null };

/** Line items named in a line-item-level explanation; the rest are counted. */
const MAX_LINES_EXPLAINED = 5;

/** A line as people know it: its product's name and ID, else the line item's ID. */
function lineLabel(subject: PreviewSubject, lineId: string): string {
  const line = subject.items.find((item) => String(item.ID) === lineId);
  const productId = typeof line?.ProductID === 'string' ? line.ProductID : null;
  const product = line?.Product as { Name?: unknown } | undefined;
  const name = typeof product?.Name === 'string' && product.Name.trim() !== '' ? product.Name : null;
  if (name && productId) return `${name} (${productId})`;
  return productId ?? `Line ${lineId}`;
}

function WhyNotEligible({ why, subject }: { why: EligibilityExplanation; subject: PreviewSubject }) {
  if (why.eligible) return null;
  if ('order' in why) return <Text>Why: {describeExplanation(why.order)}</Text>;
  if (why.lines.length === 0) return <Text>Why: the order has no line items.</Text>;
  const shown = why.lines.slice(0, MAX_LINES_EXPLAINED);
  const more = why.lines.length - shown.length;
  return (
    <Stack gap="1">
      <Text>Why: no line item qualifies.</Text>
      <List.Root ps="5" fontSize="sm">
        {shown.map(({ lineId, explanation }) => (
          <List.Item key={lineId}>
            {lineLabel(subject, lineId)}: {describeExplanation(explanation)}
          </List.Item>
        ))}
        {more > 0 && <List.Item>and {more} more.</List.Item>}
      </List.Root>
    </Stack>
  );
}

function PromotionResult(props: {
  expressions: Extract<PreviewExpressions, { kind: 'promotion' }>;
  subject: PreviewSubject;
}) {
  const { expressions, subject } = props;
  const preview = previewPromotion(
    {
      eligible: expressions.eligible ?? '',
      value: expressions.value ?? '',
      lineItemLevel: expressions.lineItemLevel,
      limits: expressions.limits,
    },
    subject,
  );
  if (!preview.eligible) {
    return (
      <Stack gap="1">
        <Text>Eligible: no.</Text>
        <WhyNotEligible why={preview.why} subject={subject} />
      </Stack>
    );
  }
  const lines = preview.eligibleLineIds.length;
  return (
    <Text>
      Eligible: yes. Discount: {formatMoney(preview.amount, currencyOf(subject.order))}
      {expressions.lineItemLevel && ` (${lines} line item${lines === 1 ? '' : 's'})`}
    </Text>
  );
}

function ApprovalResult({ rule, subject }: { rule: string; subject: PreviewSubject }) {
  const explanation: Explanation = previewApproval(rule, subject);
  if (explanation.holds) return <Text>Requires approval: yes.</Text>;
  return (
    <Stack gap="1">
      <Text>Requires approval: no.</Text>
      <Text>Why: {describeExplanation(explanation)}</Text>
    </Stack>
  );
}

export function PreviewPanel({ expressions }: { expressions: PreviewExpressions }) {
  const [orderId, setOrderId] = useState<string | null>(null);
  const subject = usePreviewSubject(orderId);
  let result = null;
  if (subject.data && !subject.isError) {
    result =
      expressions.kind === 'promotion' ? (
        <PromotionResult expressions={expressions} subject={subject.data} />
      ) : (
        <ApprovalResult rule={expressions.rule ?? ''} subject={subject.data} />
      );
  }
  return (
    <Box as="section" aria-label="Preview" borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="2">
        <Heading size="sm">Preview</Heading>
        <PreviewOrderPicker orderId={orderId} onChange={setOrderId} />
        {subject.isFetching && <Spinner size="sm" aria-label="Loading the order" />}
        {subject.isError && <Text color="red.700">The order could not be read.</Text>}
        <Box aria-live="polite">{result}</Box>
      </Stack>
    </Box>
  );
}
