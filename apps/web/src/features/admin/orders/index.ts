// The orders module the explorer's slots load (features/admin/slots.tsx, OrdersSlotModule).
export { SpecialDetail } from './special-detail';
export { specialRowHref } from './shipment-item-link';
