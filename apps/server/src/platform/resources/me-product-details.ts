import { notFound } from '../engine/errors.ts';
import { parseListQuery } from '../engine/list-query.ts';
import { presentItems } from './catalog-rules.ts';
import { model, text } from './fields.ts';
import { listByIds, uniqueIds } from './me-access.ts';
import { requireMyProduct } from './me-catalog.ts';
import { variantResource } from './product-variants.ts';
import { specModel } from './specs.ts';
import type { OperationContext, OperationDefinition } from './types.ts';

/**
 * The specs and variants of a product the user may buy. The product decides: when Me.GetProduct
 * would answer 404, so do these. Only active variants are shown, as only those can be ordered.
 */

async function assignedSpecIds(context: OperationContext, productId: string): Promise<string[]> {
  const links = await context.store.findAssignments('SpecProductAssignment', [], { ProductID: productId });
  return uniqueIds(links.map((link) => link.SpecID));
}

async function listMySpecs(context: OperationContext): Promise<unknown> {
  const query = parseListQuery(context.query, ['catalogID']);
  const { product } = await requireMyProduct(context);
  const ids = await assignedSpecIds(context, String(product.ID));
  return listByIds(context, context.registry.resource('Specs'), [], ids, query);
}

async function getMySpec(context: OperationContext): Promise<unknown> {
  const specId = context.params.specID ?? '';
  const { product } = await requireMyProduct(context);
  const spec = (await assignedSpecIds(context, String(product.ID))).includes(specId)
    ? await context.store.get('Specs', [], specId)
    : undefined;
  if (!spec) throw notFound('Spec', specId);
  return (await presentItems(context.registry.resource('Specs'), [spec], context.store))[0];
}

async function listMyVariants(context: OperationContext): Promise<unknown> {
  const query = parseListQuery(context.query);
  const { product } = await requireMyProduct(context);
  const productId = String(product.ID);
  const ids = (await context.store.find('Variants', [productId], { Active: true })).map((found) => found.id);
  return listByIds(context, variantResource, [productId], ids, query, { Active: true });
}

async function getMyVariant(context: OperationContext): Promise<unknown> {
  const variantId = context.params.variantID ?? '';
  const { product } = await requireMyProduct(context);
  const productId = String(product.ID);
  const variant = await context.store.get('Variants', [productId], variantId);
  if (variant?.Active !== true) throw notFound('Variant', variantId);
  return (await presentItems(variantResource, [variant], context.store, [productId]))[0];
}

const CATALOG_PARAM = {
  name: 'catalogID',
  schema: text(),
  description: 'Only when the product is visible through this catalog.',
};

/** `Me.ListSpecs`, `Me.GetSpec`, `Me.ListVariants` and `Me.GetVariant`. */
export const meProductDetailOperations: readonly OperationDefinition[] = [
  {
    name: 'ListSpecs',
    method: 'GET',
    path: '/me/products/{productID}/specs',
    roles: ['Shopper'],
    summary: 'Get a list of specs visible to this user.',
    description: 'The specs assigned to a product the user may buy, with their options.',
    listOf: specModel,
    query: [CATALOG_PARAM],
    response: { status: 200 },
    handler: listMySpecs,
  },
  {
    name: 'GetSpec',
    method: 'GET',
    path: '/me/products/{productID}/specs/{specID}',
    roles: ['Shopper'],
    summary: 'Get a single spec.',
    query: [CATALOG_PARAM],
    response: { status: 200, schema: model(specModel.name) },
    handler: getMySpec,
  },
  {
    name: 'ListVariants',
    method: 'GET',
    path: '/me/products/{productID}/variants',
    roles: ['Shopper'],
    summary: 'Get a list of variants visible to this user.',
    description: 'The active variants of a product the user may buy.',
    listOf: variantResource.model,
    response: { status: 200 },
    handler: listMyVariants,
  },
  {
    name: 'GetVariant',
    method: 'GET',
    path: '/me/products/{productID}/variants/{variantID}',
    roles: ['Shopper'],
    summary: 'Get a single variant.',
    response: { status: 200, schema: model(variantResource.model.name) },
    handler: getMyVariant,
  },
];
