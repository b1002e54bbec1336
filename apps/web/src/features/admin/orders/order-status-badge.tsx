import { Badge } from '@chakra-ui/react';
import { formatOrderStatus, orderStatusPalette } from '@/lib/order-status';

/**
 * An order's status with the spec's formatter (unknown statuses read as Completed).
 *
 * @example
 * <OrderStatusBadge status={order.Status} />
 */
export function OrderStatusBadge({ status }: { status: unknown }) {
  return (
    <Badge colorPalette={orderStatusPalette(status)} variant="subtle" size="md">
      {formatOrderStatus(status)}
    </Badge>
  );
}
