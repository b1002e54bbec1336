import { describe, expect, it } from 'vitest';
import type { QueryGroup, QueryItem } from './query-tree';
import { realExpressionFields } from './test-fields';
import { isQueryValid, MESSAGES, validateQuery } from './validate-query';

const fields = realExpressionFields();

/** Gives every rule and group an id (its position), as react-querybuilder does. */
function withIds(group: QueryGroup, id = 'root'): QueryGroup {
  return {
    ...group,
    id,
    rules: group.rules.map((entry, index) => {
      if (typeof entry === 'string') return entry;
      const childId = `${id}.${index}`;
      return 'rules' in entry ? withIds(entry, childId) : { ...entry, id: childId };
    }),
  };
}

function reasons(query: QueryGroup, lineItemLevel = false) {
  return Object.fromEntries(validateQuery(withIds(query), fields, { lineItemLevel }));
}

const rule = (field: string, operator: string, value: string | string[] = 'x'): QueryItem => ({
  field,
  operator,
  value,
});

describe('spec 2 §5 expression query messages, at the rule or group they concern', () => {
  it('an empty group', () => {
    expect(reasons({ rules: [] })).toEqual({ root: [MESSAGES.emptyGroup] });
    expect(MESSAGES.emptyGroup).toBe('Groups must have at least one rule');
  });

  it('combinators that do not alternate, are unknown, chain comparisons or are a comma outside min/max', () => {
    const a = rule('Order.Total', '>', '1');
    expect(reasons({ rules: [a, a] })).toEqual({ root: [MESSAGES.combinator] });
    expect(reasons({ rules: [a, 'xor', a] })).toEqual({ root: [MESSAGES.combinator] });
    expect(reasons({ rules: [a, '<', a, '<', a] })).toEqual({ root: [MESSAGES.combinator] });
    expect(reasons({ rules: [a, ',', a] })).toEqual({ root: [MESSAGES.combinator] });
    expect(reasons({ rules: [{ operator: 'min', rules: [a, 'and', a] }] })).toEqual({
      'root.0': [MESSAGES.combinator],
    });
    expect(MESSAGES.combinator).toBe('Invalid independent combinator');
  });

  it('min and max need exactly two rules', () => {
    const n = rule('Value.Number', 'value', '1');
    expect(reasons({ rules: [{ operator: 'min', rules: [n] }] })).toEqual({
      'root.0': ['Min must have exactly two rules'],
    });
    expect(reasons({ rules: [{ operator: 'max', rules: [n, ',', n, ',', n] }] })).toEqual({
      'root.0': ['Max must have exactly two rules'],
    });
    expect(reasons({ rules: [{ operator: 'max', rules: [n, ',', n] }] })).toEqual({});
  });

  it('line item fields outside the line item group operators, unless the promotion is line item level', () => {
    const query = { rules: [rule('LineItem.Product.ID', '='), 'and', rule('LineItem.ShippingAddress.City', '=')] };
    expect(reasons(query)).toEqual({
      'root.0': [
        'LineItems, Products, Variants, and ShippingAddresses must use the line item group operators OR promotion must be set to line item level',
      ],
      'root.2': [MESSAGES.lineItemFields],
    });
    expect(reasons(query, true)).toEqual({});
    expect(reasons({ rules: [{ operator: 'items.any', rules: [rule('LineItem.Variant.ID', '=')] }] })).toEqual({});
  });

  it('line item group operators with other fields', () => {
    expect(reasons({ rules: [{ operator: 'items.count', rules: [rule('Order.Total', '>', '1')] }] })).toEqual({
      'root.0': [
        'The line item group operators can only be used with LineItem, Product, Variant, and ShippingAddress fields',
      ],
    });
  });

  it('a cost center outside the line item group operators', () => {
    expect(reasons({ rules: [rule('CostCenter.ID', '=')] }, true)).toEqual({
      'root.0': ['The Cost Center field can only be used in conjunction with line item group operators'],
    });
    expect(reasons({ rules: [{ operator: 'items.any', rules: [rule('CostCenter.ID', '=')] }] })).toEqual({});
  });

  it('order group operators with other fields, and approval rules outside them', () => {
    expect(reasons({ rules: [{ operator: 'order.approved', rules: [rule('Order.ID', '=')] }] })).toEqual({
      'root.0': ['The order group operators can only be used with Approval Rules or Seller Approval Rules'],
    });
    expect(reasons({ rules: [rule('ApprovalRule.ID', '=')] })).toEqual({
      'root.0': [
        'Approval Rules or Seller Approval Rules can only be used in combination with the order approved or order return approved group operators',
      ],
    });
    expect(
      reasons({ rules: [{ operator: 'orderReturn.approved', rules: [rule('SellerApprovalRule.ID', '=')] }] }),
    ).toEqual({});
  });

  it('a rule without an operator or a value (the value operator needs none)', () => {
    expect(reasons({ rules: [rule('Order.Total', '', '1')] })).toEqual({ 'root.0': ['Rule must have an operator'] });
    expect(reasons({ rules: [rule('Order.Total', '>', ' ')] })).toEqual({ 'root.0': ['Rule must have a value'] });
    expect(reasons({ rules: [rule('Order.Status', 'in', [])] })).toEqual({ 'root.0': [MESSAGES.value] });
    expect(reasons({ rules: [rule('Order.Total', '>', '1e5')] })).toEqual({ 'root.0': [MESSAGES.value] });
    expect(reasons({ rules: [rule('Order.IsSubmitted', '=', 'yes')] })).toEqual({ 'root.0': [MESSAGES.value] });
    expect(reasons({ rules: [rule('Order.Total', 'value', '')] })).toEqual({});
    expect(reasons({ rules: [rule('Value.Number', 'value', '')] })).toEqual({ 'root.0': [MESSAGES.value] });
  });

  it('is valid only without any reason', () => {
    const query = withIds({ rules: [rule('Order.Total', '>', '5')] });
    expect(isQueryValid(validateQuery(query, fields, { lineItemLevel: false }))).toBe(true);
    expect(isQueryValid(validateQuery(withIds({ rules: [] }), fields, { lineItemLevel: false }))).toBe(false);
  });
});
