import { describe, expect, it } from 'vitest';
import { requireOperation } from '@/description/api-model';
import { buildApiDescription } from '@/description/index-description';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import { availableColumns, columnLabel, defaultColumns, type ListColumn } from './columns';
import { formatCell } from './format-value';

// The orders list on the platform's real description: who placed each order and its total in its currency.
const api = buildApiDescription(realPlatformDocument());
const columnsOf = (operationId: string) => availableColumns(requireOperation(api, operationId).listItemSchema);
const column = (columns: readonly ListColumn[], field: string) => {
  const found = columns.find((candidate) => candidate.field === field);
  if (!found) throw new Error(`no column ${field}`);
  return found;
};

describe('the orders list columns', () => {
  const orders = columnsOf('Orders.List');

  it('shows the customer, status, dates, count and total by default', () => {
    expect(defaultColumns(orders)).toEqual(['ID', 'FromUserID', 'Status', 'DateSubmitted', 'LineItemCount', 'Total']);
    expect(defaultColumns(orders).map((field) => columnLabel(column(orders, field)))).toEqual([
      'ID',
      'Customer',
      'Status',
      'Date Submitted',
      'Line Item Count',
      'Total',
    ]);
  });

  it("reads the customer from the order's user and company, and money in the order's currency", () => {
    const order = {
      ID: 'o1',
      FromUser: { FirstName: 'Ann', LastName: 'Lee', Email: 'ann@x.example' },
      FromUserID: 'ann',
      FromCompanyID: 'alpine-guides',
      Total: 1215.5,
      Currency: 'EUR',
    };
    expect(formatCell(order, column(orders, 'FromUserID'))).toBe('Ann Lee · alpine-guides');
    expect(formatCell(order, column(orders, 'Total'))).toBe('€1,215.50');
    expect(formatCell({ ...order, Currency: null }, column(orders, 'Total'))).toBe('$1,215.50');
    expect(formatCell({ ...order, Total: null }, column(orders, 'Total'))).toBe('');
  });

  it('keeps the real field for filters, sorting and export', () => {
    expect(column(orders, 'FromUserID')).toMatchObject({ field: 'FromUserID', type: 'string', display: 'customer' });
  });
});

describe('the line items list columns', () => {
  const lineItems = columnsOf('LineItems.List');

  it("shows the product's name beside its ID", () => {
    const productId = column(lineItems, 'ProductID');
    expect(columnLabel(productId)).toBe('Product');
    expect(defaultColumns(lineItems)).toContain('ProductID');
    expect(formatCell({ ProductID: 'tent-2p', Product: { ID: 'tent-2p', Name: 'Trail Tent' } }, productId)).toBe(
      'Trail Tent (tent-2p)',
    );
    expect(formatCell({ ProductID: 'tent-2p', Product: null }, productId)).toBe('tent-2p');
  });
});

describe('other lists', () => {
  it('keep their generic columns', () => {
    const products = columnsOf('Products.List');
    expect(products.some((candidate) => candidate.display !== undefined || candidate.label !== undefined)).toBe(false);
    expect(defaultColumns(products)[0]).toBe('ID');
  });
});
