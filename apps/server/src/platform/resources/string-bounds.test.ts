import { describe, expect, it } from 'vitest';
import { buildDescription } from '../description/build-description.ts';
import type { SchemaObject } from '../description/openapi-types.ts';
import { buildOperations } from '../engine/operations.ts';
import { useEngineApp } from '../engine/testing/engine-app.ts';
import { DEFAULT_MAX_LENGTH, defaultMaxLength, isFreeText, type FieldSchema } from './fields.ts';
import { platformRegistry } from './index.ts';

/** Where a schema holds free text without a length bound: the field itself, or its list items. */
function unbounded(where: string, field: FieldSchema, into: string[]): void {
  if (isFreeText(field) && field.maxLength === undefined) into.push(where);
  if (field.items) unbounded(`${where}[]`, field.items, into);
}

/**
 * Published strings that need no bound: the list metadata's page key is written by the platform
 * and only ever read back from a query string, never from a body.
 */
const UNBOUNDED_IN_DESCRIPTION = new Set(['Meta.NextPageKey']);

/** The same for a published schema: strings other than dates and enums. */
function unboundedInDescription(where: string, schema: SchemaObject, into: string[]): void {
  const freeText = schema.type === 'string' && schema.format !== 'date-time' && schema.enum === undefined;
  if (freeText && schema.maxLength === undefined && !UNBOUNDED_IN_DESCRIPTION.has(where)) into.push(where);
  if (schema.items) unboundedInDescription(`${where}[]`, schema.items, into);
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    unboundedInDescription(`${where}.${name}`, property, into);
}

const HUGE = 'x'.repeat(100_000);

describe('string bounds in the registry', () => {
  it('bounds every free string of every model, list items included', () => {
    const found: string[] = [];
    for (const model of platformRegistry.models.values())
      for (const [name, field] of Object.entries(model.fields)) unbounded(`${model.name}.${name}`, field, found);
    expect(found).toEqual([]);
  });

  it('bounds every operation body: a declared model, or a bounded string schema', () => {
    const found: string[] = [];
    for (const operation of buildOperations(platformRegistry)) {
      const schema = operation.body?.schema;
      if (!schema) continue;
      if (schema.modelRef) {
        // A body model outside the registry would escape the walk above.
        expect(platformRegistry.models.get(schema.modelRef), operation.id).toBeDefined();
      } else unbounded(`${operation.id} body`, schema, found);
    }
    expect(found).toEqual([]);
  });

  it('publishes the bounds in the description', () => {
    const doc = buildDescription({
      registry: platformRegistry,
      operations: buildOperations(platformRegistry),
      publicUrl: 'http://localhost:4000',
    });
    const found: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas)) unboundedInDescription(name, schema, found);
    expect(found).toEqual([]);
    expect(doc.components.schemas.ApiClient?.properties?.AppName?.maxLength).toBe(DEFAULT_MAX_LENGTH.name);
    expect(doc.components.schemas.Product?.properties?.OwnerID?.maxLength).toBe(DEFAULT_MAX_LENGTH.id);
  });

  it('keeps the bounds the public model sets and fills the rest from the field name', () => {
    const product = platformRegistry.model('Product').fields;
    expect(product.Name?.maxLength).toBe(100);
    expect(product.Description?.maxLength).toBe(2000);
    expect(platformRegistry.model('Shipment').fields.TrackingNumber?.maxLength).toBe(3000);
    expect(platformRegistry.model('IntegrationEvent').fields.HashKey?.maxLength).toBe(50);
    expect(platformRegistry.model('Promotion').fields.EligibleExpression?.maxLength).toBe(400);
    expect(platformRegistry.model('Webhook').fields.ApiClientIDs?.items?.maxLength).toBe(100);

    expect(defaultMaxLength('ID')).toBe(100);
    expect(defaultMaxLength('OwnerID')).toBe(100);
    expect(defaultMaxLength('ApiClientIDs')).toBe(100);
    expect(defaultMaxLength('CustomRoles')).toBe(100);
    expect(defaultMaxLength('AppName')).toBe(100);
    expect(defaultMaxLength('Username')).toBe(100);
    expect(defaultMaxLength('Email')).toBe(200);
    expect(defaultMaxLength('CustomImplementationUrl')).toBe(2048);
    expect(defaultMaxLength('URL')).toBe(2048);
    expect(defaultMaxLength('TokenEndpoint')).toBe(2048);
    expect(defaultMaxLength('HashKey')).toBe(4000);
    // Words that merely end in capital letters are not IDs.
    expect(defaultMaxLength('GUID')).toBe(4000);
  });
});

describe('over-long values over HTTP', () => {
  const { call } = useEngineApp(platformRegistry);

  async function expectRefused(url: string, body: object, property: string, method: 'POST' | 'PATCH' = 'POST') {
    expectRefusedReply(await call({ method, url, body }), property);
  }

  function expectRefusedReply(reply: { status: number; body: unknown }, property: string) {
    expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).toBe(400);
    expect((reply.body as { Errors: unknown[] }).Errors).toContainEqual({
      ErrorCode: 'ValidationFailure',
      Message: expect.stringContaining(`${property} must not exceed`) as unknown,
      Data: { Property: property },
    });
  }

  const count = async (url: string) => ((await call({ url })).body as { Meta: { TotalCount: number } }).Meta.TotalCount;

  it('refuses a 100,000-character AppName, OwnerID, HashKey and product Name with 400, writing nothing', async () => {
    await expectRefused('/apiclients', { AppName: HUGE, AccessTokenDuration: 600, Active: true }, 'AppName');
    expect(await count('/apiclients')).toBe(0);

    await expectRefused('/products', { ID: 'long-owner', Name: 'Anvil', OwnerID: HUGE }, 'OwnerID');
    await expectRefused('/products', { ID: 'long-name', Name: HUGE }, 'Name');
    expect(await count('/products')).toBe(0);

    await expectRefused('/webhooks', { ID: 'long-key', Name: 'Orders', HashKey: HUGE }, 'HashKey');
    expect(await count('/webhooks')).toBe(0);
  });

  it('refuses a 100,000-character xp index Key, and one with no ThingType, writing nothing', async () => {
    const put = (body: object) => call({ method: 'PUT', url: '/xpindices', body });
    expectRefusedReply(await put({ ThingType: 'Order', Key: HUGE }), 'Key');
    const missing = await put({ Key: 'Color' });
    expect(missing.status).toBe(400);
    expect(await count('/xpindices')).toBe(0);
    expect((await put({ ThingType: 'Order', Key: 'Color' })).status).toBe(204);
    expect(await count('/xpindices')).toBe(1);
  });

  it('accepts a value at the bound and refuses one character more on a patch, leaving the object as it was', async () => {
    const atBound = 'y'.repeat(DEFAULT_MAX_LENGTH.id);
    const created = await call({
      method: 'POST',
      url: '/products',
      body: { ID: 'p1', Name: 'Bolt', OwnerID: atBound },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await expectRefused('/products/p1', { OwnerID: `${atBound}y`, Name: 'Renamed' }, 'OwnerID', 'PATCH');
    expect((await call({ url: '/products/p1' })).body).toMatchObject({ Name: 'Bolt', OwnerID: atBound });
  });

  it('bounds free-form ConfigData at 8000 bytes, as xp', async () => {
    const body = { ID: 'big-config', Name: 'Orders', ConfigData: { blob: 'z'.repeat(8000) } };
    const reply = await call({ method: 'POST', url: '/webhooks', body });
    expect(reply.status).toBe(400);
    expect((reply.body as { Errors: { Data: unknown }[] }).Errors[0]?.Data).toEqual({ Property: 'ConfigData' });
    expect(await count('/webhooks')).toBe(0);
  });
});
