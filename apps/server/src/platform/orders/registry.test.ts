import { describe, expect, it } from 'vitest';
import { buildDescription, descriptionVersion } from '../description/build-description.ts';
import { descriptionProblems } from '../description/check-description.ts';
import { pathParams } from '../engine/ids.ts';
import { buildOperations } from '../engine/operations.ts';
import { ordersAndFulfillmentResources } from '../resources/orders.ts';
import { subscriptionIntegrationResources } from '../resources/subscriptions.ts';
import { createOrdersTestRegistry } from './testing/order-fixtures.ts';

const registry = createOrdersTestRegistry();
const operations = buildOperations(registry);
const own = new Set(
  [...ordersAndFulfillmentResources, ...subscriptionIntegrationResources].map((resource) => resource.name),
);
const byId = new Map(operations.map((operation) => [operation.id, operation]));

describe('the Orders And Fulfillment declarations', () => {
  it('join the platform registry with unique operations, and describe themselves without problems', () => {
    const doc = buildDescription({ registry, operations, publicUrl: 'http://localhost:4000' });
    doc.info.version = descriptionVersion(doc);
    expect(descriptionProblems(doc)).toEqual([]);
  });

  it('publish the operations of the public API, with its methods, paths and statuses', () => {
    const expected: Array<[string, string, string, number]> = [
      ['Orders.List', 'GET', '/orders/{direction}', 200],
      ['Orders.Create', 'POST', '/orders/{direction}', 201],
      ['Orders.Get', 'GET', '/orders/{direction}/{orderID}', 200],
      ['Orders.Submit', 'POST', '/orders/{direction}/{orderID}/submit', 201],
      ['Orders.Validate', 'POST', '/orders/{direction}/{orderID}/validate', 204],
      ['Orders.Ship', 'POST', '/orders/{direction}/{orderID}/ship', 201],
      ['Orders.ListApprovals', 'GET', '/orders/{direction}/{orderID}/approvals', 200],
      ['Orders.SetBillingAddress', 'PUT', '/orders/{direction}/{orderID}/billto', 200],
      ['LineItems.Get', 'GET', '/orders/{direction}/{orderID}/lineitems/{lineItemID}', 200],
      ['LineItems.SetShippingAddress', 'PUT', '/orders/{direction}/{orderID}/lineitems/{lineItemID}/shipto', 200],
      ['Payments.Patch', 'PATCH', '/orders/{direction}/{orderID}/payments/{paymentID}', 200],
      ['Payments.CreateTransaction', 'POST', '/orders/{direction}/{orderID}/payments/{paymentID}/transactions', 201],
      ['Shipments.List', 'GET', '/shipments', 200],
      ['Shipments.ListItems', 'GET', '/shipments/{shipmentID}/items', 200],
      ['Shipments.SaveItem', 'POST', '/shipments/{shipmentID}/items', 200],
      ['Shipments.GetItem', 'GET', '/shipments/{shipmentID}/items/{orderID}/{lineItemID}', 200],
      ['OrderReturns.Submit', 'POST', '/orderreturns/{returnID}/submit', 201],
      ['OrderReturns.DeleteItem', 'DELETE', '/orderreturns/{returnID}/items/{lineItemID}', 200],
      ['OrderReturns.ListApprovals', 'GET', '/orderreturns/{returnID}/approvals', 200],
      ['SellerApprovalRules.Save', 'PUT', '/approvalrules/{approvalRuleID}', 200],
      ['Subscriptions.Create', 'POST', '/subscriptions', 201],
      ['SubscriptionItems.Get', 'GET', '/subscriptions/{subscriptionID}/items/{subscriptionItemID}', 200],
      ['SubscriptionIntegrations.Get', 'GET', '/integrations/subscription', 200],
      ['SubscriptionIntegrations.Save', 'PUT', '/integrations/subscription', 200],
      ['Orders.AddPromotion', 'POST', '/orders/{direction}/{orderID}/promotions/{promoCode}', 201],
      ['Orders.ListPromotions', 'GET', '/orders/{direction}/{orderID}/promotions', 200],
      ['Orders.RemovePromotion', 'DELETE', '/orders/{direction}/{orderID}/promotions/{promoCode}', 200],
      ['OrderReturns.ListEligibleApprovers', 'GET', '/orderreturns/{returnID}/eligibleapprovers', 200],
      ['Me.ListPromotions', 'GET', '/me/promotions', 200],
      ['Me.GetPromotion', 'GET', '/me/promotions/{promotionID}', 200],
      ['Me.ListApprovableOrders', 'GET', '/me/orders/approvable', 200],
      ['Me.ListShipments', 'GET', '/me/shipments', 200],
      ['Me.GetShipment', 'GET', '/me/shipments/{shipmentID}', 200],
      ['Me.ListShipmentItems', 'GET', '/me/shipments/{shipmentID}/items', 200],
    ];
    for (const [id, method, path, status] of expected) {
      const operation = byId.get(id);
      expect(operation, id).toBeDefined();
      expect([operation?.method, operation?.path, operation?.response.status], id).toEqual([method, path, status]);
    }
    expect(byId.has('Payments.Save')).toBe(false);
    expect(byId.has('SubscriptionIntegrations.List')).toBe(false);
  });

  it('take the roles of the public API', () => {
    const roles = (id: string) => [...(byId.get(id)?.roles ?? [])].sort();
    expect(roles('Orders.List')).toEqual(['OrderAdmin', 'OrderReader']);
    expect(roles('Orders.Get')).toEqual(['OrderAdmin', 'OrderReader', 'Shopper']);
    expect(roles('Orders.Create')).toEqual(['OrderAdmin', 'Shopper']);
    expect(roles('Orders.Complete')).toEqual(['OrderAdmin']);
    expect(roles('Orders.Ship')).toEqual(['OrderAdmin', 'ShipmentAdmin']);
    expect(roles('OrderReturns.Approve')).toEqual(['OrderAdmin']);
    expect(roles('SellerApprovalRules.List')).toEqual(['ApprovalRuleReader', 'OrderAdmin']);
    expect(roles('Subscriptions.Save')).toEqual(['SubscriptionAdmin']);
    expect(roles('Orders.AddPromotion')).toEqual(['OrderAdmin', 'Shopper']);
    expect(roles('Orders.RemovePromotion')).toEqual(['OrderAdmin', 'Shopper']);
    expect(roles('Orders.ListPromotions')).toEqual(['OrderAdmin', 'OrderReader', 'Shopper']);
    expect(roles('OrderReturns.ListEligibleApprovers')).toEqual(['OrderAdmin', 'OrderReader']);
    for (const id of [
      'ListPromotions',
      'GetPromotion',
      'ListApprovableOrders',
      'ListShipments',
      'GetShipment',
      'ListShipmentItems',
    ]) {
      expect(roles(`Me.${id}`), id).toEqual(['Shopper']);
    }
  });

  it('name a parent resource for every path parameter and place every resource in its section', () => {
    const ownResources = registry.resources.filter((candidate) => own.has(candidate.name));
    for (const resource of ownResources) {
      for (const param of pathParams(resource.path)) {
        if (resource.scopeParams?.includes(param)) continue;
        const parent = registry.resources.find((candidate) => candidate.idParam === param && !candidate.operationOwner);
        expect(parent, `${resource.name}: {${param}}`).toBeDefined();
      }
    }
    for (const resource of ownResources) {
      expect(resource.section, resource.name).toBe(
        resource.name === 'SubscriptionIntegrations' ? 'Integrations' : 'OrdersAndFulfillment',
      );
      for (const field of [...(resource.searchable ?? []), ...(resource.sortable ?? [])]) {
        expect(Object.keys(resource.model.fields), `${resource.name}.${field}`).toContain(field);
      }
    }
  });
});
