import { createImpersonationOperation, impersonationModels } from '../auth/impersonation.ts';
import { authenticationModels, authenticationResources } from './authentication.ts';
import { bundleResources } from './bundles.ts';
import { buyerPaymentResources } from './buyer-payment-resources.ts';
import { buyerResources } from './buyers.ts';
import { catalogResources } from './catalogs.ts';
import { checkoutIntegrationModels, checkoutIntegrationOperations } from './checkout-integration.ts';
import { configurationResources } from './configurations.ts';
import { ENUMS } from './enums.ts';
import { integrationModels, integrationResources } from './integrations.ts';
import { inventoryRecordResources } from './inventory-records.ts';
import { marketplaceOwnerResources } from './marketplace-owners.ts';
import { ccListenerOperations, messageCCListenerAssignmentModel } from './message-cc-listeners.ts';
import { meModels, meResources } from './me.ts';
import { meRegisterModels, meRegisterOperations } from './me-register.ts';
import { ordersAndFulfillmentModels, ordersAndFulfillmentResources } from './orders.ts';
import { passwordResetModels, passwordResetResources, resetPasswordByTokenOperation } from './password-resets.ts';
import { priceScheduleModels, priceScheduleResources } from './price-schedules.ts';
import { productFacetResources } from './product-facets.ts';
import { productModels, productResources } from './products.ts';
import { promotionResources } from './promotions.ts';
import { createRegistry } from './registry.ts';
import { specResources } from './specs.ts';
import { buyerSellerOperation, mySellersOperation, supplierBuyerOperations } from './supplier-buyers.ts';
import { subscriptionIntegrationResources } from './subscriptions.ts';
import { supplierResources } from './suppliers.ts';
import type { OperationDefinition, ResourceDefinition } from './types.ts';
import { moveUserOperation } from './user-move.ts';
import { unlockAdminUserOperation, unlockBuyerUserOperation, unlockSupplierUserOperation } from './user-unlock.ts';

/** Operations declared by other modules (auth) and attached to their resource here. */
const attachedOperations: Readonly<Record<string, readonly OperationDefinition[]>> = {
  Users: [createImpersonationOperation(), moveUserOperation, unlockBuyerUserOperation],
  AdminUsers: [unlockAdminUserOperation],
  SupplierUsers: [unlockSupplierUserOperation],
  Suppliers: supplierBuyerOperations,
  Buyers: [buyerSellerOperation],
  MessageSenders: ccListenerOperations,
  Me: [mySellersOperation, resetPasswordByTokenOperation, ...meRegisterOperations],
  IntegrationEvents: checkoutIntegrationOperations,
};

function attach(resource: ResourceDefinition): ResourceDefinition {
  const extra = attachedOperations[resource.name];
  return extra ? { ...resource, extraOperations: [...(resource.extraOperations ?? []), ...extra] } : resource;
}

/** Every resource of the platform, in the order of the description's sections. */
export const platformResources: readonly ResourceDefinition[] = [
  ...authenticationResources,
  ...passwordResetResources,
  ...marketplaceOwnerResources,
  ...buyerResources,
  ...buyerPaymentResources,
  ...supplierResources,
  ...productResources,
  ...priceScheduleResources,
  ...specResources,
  ...productFacetResources,
  ...promotionResources,
  ...catalogResources,
  ...bundleResources,
  ...inventoryRecordResources,
  ...ordersAndFulfillmentResources,
  ...integrationResources,
  ...subscriptionIntegrationResources,
  ...configurationResources,
  ...meResources,
].map(attach);

/** The registry, built and checked once when the server loads. */
export const platformRegistry = createRegistry(
  platformResources,
  [
    ...authenticationModels,
    ...integrationModels,
    ...priceScheduleModels,
    ...productModels,
    ...impersonationModels,
    ...ordersAndFulfillmentModels,
    ...meModels,
    ...passwordResetModels,
    ...meRegisterModels,
    messageCCListenerAssignmentModel,
    ...checkoutIntegrationModels,
  ],
  ENUMS,
);
