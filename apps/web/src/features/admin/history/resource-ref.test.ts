import { describe, expect, it } from 'vitest';
import { CATALOGUE, collectionByKey, tabSegment } from '../catalogue/catalogue';
import {
  actorHref,
  historyOwner,
  historyResource,
  HISTORY_SEGMENT,
  recordItemHref,
  resourceTypeOf,
} from './resource-ref';

describe('historyResource', () => {
  it('names a top-level item by its registry type', () => {
    expect(historyResource(collectionByKey('products'), { productID: 'p1' }, 'p1')).toEqual({
      ResourceType: 'Products',
      ResourceID: 'p1',
      ParentIDs: '',
    });
  });

  it('names a nested item with its parents outermost first', () => {
    expect(historyResource(collectionByKey('buyers.users'), { buyerID: 'b1', userID: 'u1' }, 'u1')).toEqual({
      ResourceType: 'Users',
      ResourceID: 'u1',
      ParentIDs: 'b1',
    });
  });

  it("leaves out an order's direction: it is a view, not a parent", () => {
    const resource = historyResource(collectionByKey('orders'), { direction: 'incoming', orderID: 'o1' }, 'o1');
    expect(resource).toEqual({ ResourceType: 'Orders', ResourceID: 'o1', ParentIDs: '' });
  });
});

describe('recordItemHref', () => {
  it('links a record to its item page', () => {
    expect(recordItemHref({ ResourceType: 'Products', ResourceID: 'p 1', ParentIDs: [], Kind: 'Patch' })).toBe(
      '/admin/products/p%201',
    );
    expect(recordItemHref({ ResourceType: 'Users', ResourceID: 'u1', ParentIDs: ['b1'], Kind: 'Create' })).toBe(
      '/admin/buyers/b1/users/u1',
    );
    expect(recordItemHref({ ResourceType: 'Orders', ResourceID: 'o1', ParentIDs: [], Kind: 'Action' })).toBe(
      '/admin/orders/all/o1',
    );
  });

  it('links a deleted item to its history, where its last state is', () => {
    expect(recordItemHref({ ResourceType: 'Promotions', ResourceID: 'promo', ParentIDs: [], Kind: 'Delete' })).toBe(
      `/admin/promotions/promo/${HISTORY_SEGMENT}`,
    );
  });

  it('links nothing the catalogue has no page for', () => {
    expect(recordItemHref({ ResourceType: 'Nothing', ResourceID: 'x', ParentIDs: [], Kind: 'Save' })).toBeNull();
  });

  it('goes back to the same item for every collection with item pages', () => {
    for (const collection of CATALOGUE) {
      if (collection.itemParam === null || !collection.operations.get || collection.paramValues) continue;
      const params = Object.fromEntries(
        [...collection.path.matchAll(/:([^/]+)/g)].map((match) => [match[1] as string, `id-${match[1]}`]),
      );
      const resource = historyResource(collection, params, 'item');
      const href = recordItemHref({
        ...resource,
        ParentIDs: resource.ParentIDs === '' ? [] : resource.ParentIDs.split('/'),
        Kind: 'Save',
      });
      expect(href, collection.key).not.toBeNull();
      const owner = historyOwner([...(href ?? '').replace('/admin/', '').split('/'), HISTORY_SEGMENT]);
      // Two collections may list the same registry resource: the link opens one of them, of the same type.
      expect(owner && resourceTypeOf(owner.collection), collection.key).toBe(resourceTypeOf(collection));
      expect(owner?.itemId, collection.key).toBe('item');
    }
  });

  it('uses no segment a catalogue tab already uses', () => {
    const segments = CATALOGUE.flatMap((collection) => collection.tabs.map(tabSegment));
    expect(segments).not.toContain(HISTORY_SEGMENT);
  });
});

describe('historyOwner', () => {
  it('finds the item of a History path', () => {
    const owner = historyOwner(['buyers', 'b1', 'users', 'u1', HISTORY_SEGMENT]);
    expect(owner).toMatchObject({ itemId: 'u1', href: '/admin/buyers/b1/users/u1' });
    expect(owner?.collection.key).toBe('buyers.users');
  });

  it('is null for other pages', () => {
    expect(historyOwner(['products', 'p1'])).toBeNull();
    expect(historyOwner(['products', 'new', HISTORY_SEGMENT])).toBeNull();
    expect(historyOwner([HISTORY_SEGMENT])).toBeNull();
  });
});

describe('actorHref', () => {
  it("opens the acting user's page by type", () => {
    const actor = { ID: 'u1', Username: 'ann', CompanyID: 'b1' };
    expect(actorHref({ ...actor, Type: 'Buyer' })).toBe('/admin/buyers/b1/users/u1');
    expect(actorHref({ ...actor, Type: 'Supplier' })).toBe('/admin/suppliers/b1/users/u1');
    expect(actorHref({ ...actor, CompanyID: null, Type: 'MarketplaceOwner' })).toBe('/admin/admin-users/u1');
    expect(actorHref({ ...actor, CompanyID: null, Type: 'PortalDeveloper' })).toBeNull();
  });
});
