// The detail page's resource summary slot (slots.tsx): a product's picture, prices, stock and variants.
export { ResourceSummary } from './product-summary';
