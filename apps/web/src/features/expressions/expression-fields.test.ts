import { describe, expect, it } from 'vitest';
import { findField, operatorsFor, xpField } from './expression-fields';
import { realExpressionFields } from './test-fields';

const fields = realExpressionFields();
const names = (model: string) => fields.filter((field) => field.model === model).map((field) => field.property);

describe('expression fields from the description (spec 2 §3)', () => {
  it('offers every model with the spec exclusions', () => {
    expect(names('Product')).toEqual(expect.arrayContaining(['ID', 'Name', 'Category', 'Inventory.QuantityAvailable']));
    expect(names('LineItem')).toEqual(expect.arrayContaining(['ProductID', 'Quantity', 'LineSubtotal', 'UnitPrice']));
    expect(names('LineItem')).not.toEqual(expect.arrayContaining(['ShippingAddressID']));
    expect(names('Variant')).toContain('ID');
    expect(names('User')).toEqual(expect.arrayContaining(['ID', 'Email', 'FirstName']));
    for (const excluded of ['Password', 'Active', 'AvailableRoles']) expect(names('User')).not.toContain(excluded);
    expect(names('Order')).toEqual(
      expect.arrayContaining(['Total', 'Subtotal', 'ShippingCost', 'Status', 'DateSubmitted']),
    );
    for (const excluded of ['FromUser', 'FromUserID', 'BillingAddress', 'ShippingAddressID', 'Comments']) {
      expect(names('Order')).not.toContain(excluded);
    }
    expect(names('OrderReturn')).toContain('RefundAmount');
    expect(names('OrderReturn')).not.toContain('Comments');
    expect(names('BillingAddress')).toEqual(expect.arrayContaining(['City', 'Zip']));
    expect(names('ShippingAddress')).toEqual(expect.arrayContaining(['City', 'Zip']));
    expect(names('Value')).toEqual(['Text', 'Boolean', 'Number', 'Date']);
    expect(names('ApprovalRule')).toEqual(['ID']);
    expect(names('SellerApprovalRule')).toEqual(['ID']);
    expect(names('CostCenter')).toEqual(['ID']);
    expect(fields.some((field) => field.property === 'xp')).toBe(false);
  });

  it('types fields from their schema', () => {
    expect(findField(fields, 'Order.Total')?.type).toBe('number');
    expect(findField(fields, 'Order.DateSubmitted')?.type).toBe('date');
    expect(findField(fields, 'Order.IsSubmitted')?.type).toBe('boolean');
    expect(findField(fields, 'Order.ID')?.type).toBe('string');
    expect(findField(fields, 'Order.Status')?.enumValues).toContain('Open');
  });

  it('gives operators by field type; category, approval rule id and cost center id only equals; xp all', () => {
    const ops = (name: string) => operatorsFor(findField(fields, name) ?? xpField('Order', 'x'));
    expect(ops('Order.Total')).toEqual(['=', 'not', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', 'value', 'in']);
    expect(ops('Order.DateSubmitted')).toEqual(['=', 'not', '<', '>', '<=', '>=', '+', '-', 'value']);
    expect(ops('Order.ID')).toEqual(['=', 'not', 'containsText', 'value', 'in']);
    expect(ops('LineItem.Product.Category')).toEqual(['=']);
    expect(ops('ApprovalRule.ID')).toEqual(['=']);
    expect(ops('SellerApprovalRule.ID')).toEqual(['=']);
    expect(ops('CostCenter.ID')).toEqual(['=']);
    expect(operatorsFor(xpField('Order', 'Tags'))).toHaveLength(19);
    expect(findField(fields, 'LineItem.Product.xp.Color.Primary')).toMatchObject({ type: 'xp', model: 'Product' });
  });
});
