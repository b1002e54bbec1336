import { describe, expect, it } from 'vitest';
import {
  catalogIdError,
  emptyEntityValues,
  entityErrors,
  entitySyncBody,
  formAttributes,
  orderDatesError,
  orderSyncBody,
  runProgress,
  runsPollInterval,
} from './sync-model';
import type { EntitySyncModel, SyncRun } from './sync-types';

const now = new Date('2026-11-25T12:00:00');

const usersModel: EntitySyncModel = {
  EntityName: 'Users',
  Route: 'entitysync/users',
  Attributes: [
    {
      Name: 'BuyerID',
      DisplayName: 'Buyer ID',
      Type: 'string',
      Required: true,
      Internal: false,
      Comment: 'The buyer.',
    },
    { Name: 'ID', DisplayName: 'User ID', Type: 'string', Required: false, Internal: false, Comment: '' },
    { Name: 'Active', DisplayName: 'Active only', Type: 'boolean', Required: false, Internal: false, Comment: '' },
    { Name: 'Limit', DisplayName: 'Limit', Type: 'integer', Required: false, Internal: false, Comment: '' },
    { Name: 'BatchSize', DisplayName: 'Batch size', Type: 'integer', Required: true, Internal: true, Comment: '' },
  ],
};

describe('product sync', () => {
  it('requires a Catalog ID and leaves Category ID optional', () => {
    expect(catalogIdError({ CatalogID: '  ', CategoryID: 'lamps' })).toBe('Catalog ID is required');
    expect(catalogIdError({ CatalogID: 'demo-catalog', CategoryID: '' })).toBeUndefined();
  });
});

describe('order sync dates', () => {
  it('accepts no dates, either date alone, and a start before or equal to the end', () => {
    expect(orderDatesError({ StartDate: '', EndDate: '' }, now)).toBeUndefined();
    expect(orderDatesError({ StartDate: '2026-11-01T09:00', EndDate: '' }, now)).toBeUndefined();
    expect(orderDatesError({ StartDate: '', EndDate: '2027-01-01T00:00' }, now)).toBeUndefined();
    expect(orderDatesError({ StartDate: '2026-11-01T09:00', EndDate: '2026-11-01T09:00' }, now)).toBeUndefined();
  });

  it('refuses a start later than the end', () => {
    expect(orderDatesError({ StartDate: '2026-11-02T09:00', EndDate: '2026-11-01T09:00' }, now)).toBe(
      'The start date must not be later than the end date.',
    );
  });

  it('refuses a start in the future, even without an end', () => {
    expect(orderDatesError({ StartDate: '2026-11-25T12:01', EndDate: '' }, now)).toBe(
      'The start date must not be in the future.',
    );
  });

  it('sends the local times as instants and leaves empty dates out', () => {
    expect(orderSyncBody({ StartDate: '', EndDate: '' })).toEqual({});
    const body = orderSyncBody({ StartDate: '2026-11-01T09:30', EndDate: '' });
    expect(body.StartDate).toBe(new Date('2026-11-01T09:30').toISOString());
    expect(body).not.toHaveProperty('EndDate');
  });
});

describe('entity sync form', () => {
  it('is built from the non-internal attributes, with empty values by type', () => {
    expect(formAttributes(usersModel).map((attribute) => attribute.Name)).toEqual(['BuyerID', 'ID', 'Active', 'Limit']);
    expect(emptyEntityValues(usersModel)).toEqual({ BuyerID: '', ID: '', Active: false, Limit: '' });
  });

  it('waits for each required attribute, ignoring the internal one, and wants whole numbers', () => {
    const empty = emptyEntityValues(usersModel);
    expect(entityErrors(usersModel, empty)).toEqual({ BuyerID: 'Buyer ID is required' });
    expect(entityErrors(usersModel, { ...empty, BuyerID: 'b1', Limit: '2.5' })).toEqual({
      Limit: 'Limit must be a whole number',
    });
    expect(entityErrors(usersModel, { ...empty, BuyerID: 'b1', Limit: '20' })).toEqual({});
  });

  it('sends one field per filled attribute, never an internal one', () => {
    expect(entitySyncBody(usersModel, { BuyerID: ' b1 ', ID: '', Active: true, Limit: '', BatchSize: '5' })).toEqual({
      BuyerID: 'b1',
      Active: 'true',
    });
  });
});

describe('recent runs', () => {
  const run = (status: SyncRun['Status'], total: number, pending: number): SyncRun => ({
    ID: 'r1',
    Entity: 'Products',
    Kind: 'Product',
    Parameters: {},
    Status: status,
    ItemCount: 0,
    BatchCount: 0,
    Deliveries: { Total: total, Delivered: total - pending, Failed: 0, NotDelivered: 0, Pending: pending },
    ItemsDelivered: 0,
    Error: null,
    RequestedBy: null,
    DateCreated: '2026-11-25T11:00:00Z',
    DateCompleted: null,
  });

  it('polls every 2 s while a run goes on and every 15 s otherwise', () => {
    expect(runsPollInterval([run('Completed', 2, 0), run('Delivering', 4, 1)])).toBe(2_000);
    expect(runsPollInterval([run('Completed', 2, 0)])).toBe(15_000);
    expect(runsPollInterval(undefined)).toBe(15_000);
  });

  it('shows the share of deliveries that ended, unknown before any', () => {
    expect(runProgress(run('Delivering', 4, 1))).toBe(75);
    expect(runProgress(run('Reading', 0, 0))).toBeNull();
  });
});
