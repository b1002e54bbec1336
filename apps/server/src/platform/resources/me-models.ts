import { bool, defineModel, model, readOnly, text, type ModelDefinition } from './fields.ts';
import { productResources } from './products.ts';
import { addressModel, userModel } from './shared-models.ts';
import { creditCardModel } from './buyer-payment-resources.ts';

/** The buyer a signed-in buyer user belongs to, as `/me` shows it. */
export const meBuyerModel = defineModel('MeBuyer', {
  ID: readOnly(text()),
  DefaultCatalogID: readOnly(text()),
});

/** The supplier a signed-in supplier user belongs to. */
export const meSupplierModel = defineModel('MeSupplier', { ID: readOnly(text()) });

/** The marketplace owner a signed-in admin user works for. */
export const meSellerModel = defineModel('MeSeller', { ID: readOnly(text()) });

/**
 * MeUser: the signed-in user's own record, with the company they belong to. `Active` and `ID`
 * are writable in the public model; the Me handlers refuse changing them (see me-user.ts).
 */
export const meUserModel = defineModel('MeUser', {
  Buyer: readOnly(model('MeBuyer')),
  Supplier: readOnly(model('MeSupplier')),
  Seller: readOnly(model('MeSeller')),
  ...userModel.fields,
});

/**
 * BuyerAddress: an address as a buyer user sees it through Me. `Shipping` and `Billing` come from
 * the assignments that reach the user; `Editable` is true for the addresses the user created.
 */
export const buyerAddressModel = defineModel('BuyerAddress', {
  ID: readOnly(text()),
  Shipping: bool(),
  Billing: bool(),
  Editable: readOnly(bool()),
  ...Object.fromEntries(Object.entries(addressModel.fields).filter(([name]) => name !== 'ID')),
});

/** BuyerCreditCard: a credit card as a buyer user sees it; `Editable` for the cards the user created. */
export const buyerCreditCardModel = defineModel('BuyerCreditCard', {
  ID: readOnly(text()),
  Editable: readOnly(bool()),
  ...Object.fromEntries(Object.entries(creditCardModel.fields).filter(([name]) => name !== 'ID')),
});

const productModel = productResources.find((resource) => resource.name === 'Products')?.model;
if (!productModel) throw new Error('me-models: the Products resource is missing');
/** Product fields a buyer never sees: who owns the product and how it is priced by default. */
const SELLER_ONLY_PRODUCT_FIELDS = new Set(['OwnerID', 'DefaultPriceScheduleID', 'AutoForward']);

/** BuyerProduct: a product a buyer user may buy, with the price schedule that applies to them. */
export const buyerProductModel = defineModel('BuyerProduct', {
  PriceSchedule: readOnly(model('PriceSchedule')),
  ...Object.fromEntries(Object.entries(productModel.fields).filter(([name]) => !SELLER_ONLY_PRODUCT_FIELDS.has(name))),
});

/** Every model declared for Me, for the registry's shared models. */
export const meModels: readonly ModelDefinition[] = [
  meBuyerModel,
  meSupplierModel,
  meSellerModel,
  meUserModel,
  buyerAddressModel,
  buyerCreditCardModel,
  buyerProductModel,
];

/** Copies the fields of `item` that `target` declares, in its order; missing ones are null (xp `{}`). */
export function shapeAs(target: ModelDefinition, item: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const shaped: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(target.fields)) {
    if (field.writeOnly) continue;
    shaped[name] = item[name] ?? (name === 'xp' ? {} : null);
  }
  return shaped;
}
