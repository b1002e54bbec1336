import { describe, expect, it } from 'vitest';
import { buildOperations } from '../engine/operations.ts';
import { API_ROLES } from '../resources/roles.ts';
import { buildDescription, descriptionVersion } from './build-description.ts';
import { collectRefs, descriptionProblems } from './check-description.ts';
import type { OpenApiDocument, OperationObject, ParameterObject } from './openapi-types.ts';
import { testRegistry } from './test-registry.ts';

const PUBLIC_URL = 'http://localhost:4000';

function describeRegistry(nameLength = 100, publicUrl = PUBLIC_URL): OpenApiDocument {
  const registry = testRegistry(nameLength);
  return buildDescription({ registry, operations: buildOperations(registry), publicUrl });
}

const doc = describeRegistry();

function operation(id: string): OperationObject {
  for (const item of Object.values(doc.paths)) {
    for (const candidate of Object.values(item)) if (candidate.operationId === id) return candidate;
  }
  throw new Error(`No operation ${id}`);
}

const param = (op: OperationObject, name: string): ParameterObject | undefined =>
  op.parameters?.find((candidate) => candidate.name === name);

describe('buildDescription', () => {
  it('is a well-formed OpenAPI 3.0 document of the platform shape', () => {
    expect(descriptionProblems(doc)).toEqual([]);
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    expect(doc.info.title).toBe('Marketplace Platform API');
    expect(doc.servers).toEqual([{ url: 'http://localhost:4000/platform/v1', description: expect.any(String) }]);
  });

  it('publishes sections with x-id, each followed by its resources with x-section-id', () => {
    expect(doc.tags.map((tag) => [tag.name, tag['x-id'] ?? tag['x-section-id']])).toEqual([
      ['Buyers and Suppliers', 'BuyersAndSuppliers'],
      ['Buyers', 'BuyersAndSuppliers'],
      ['User Groups', 'BuyersAndSuppliers'],
      ['Products And Catalogs', 'ProductsAndCatalogs'],
      ['Specs', 'ProductsAndCatalogs'],
    ]);
    expect(doc.tags[0]).toHaveProperty('x-id');
    expect(doc.tags[0]).not.toHaveProperty('x-section-id');
    expect(doc.tags[1]).toEqual({
      name: 'Buyers',
      description: 'Companies that buy.',
      'x-section-id': 'BuyersAndSuppliers',
    });
  });

  it('names operations Resource.Method and publishes sub-resources under their owner', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids).toEqual(
      expect.arrayContaining([
        'Buyers.List',
        'Buyers.Create',
        'Buyers.Get',
        'Buyers.Save',
        'Buyers.Patch',
        'Buyers.Delete',
        'UserGroups.ListAssignments',
        'UserGroups.SaveAssignment',
        'UserGroups.DeleteAssignment',
        'UserGroups.ListMembers',
        'Specs.ListOptions',
        'Specs.CreateOption',
      ]),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/specs/{specID}/options']?.get?.tags).toEqual(['Specs']);
    expect(doc.paths['/buyers/{buyerID}']).toHaveProperty('patch');
    expect(Object.keys(doc.paths['/buyers/{buyerID}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch', 'put']);
  });

  it('states the roles of every operation, FullAccess first, and none for any-token ones', () => {
    expect(operation('Buyers.List').security).toEqual([{ OAuth2: ['FullAccess', 'BuyerAdmin', 'BuyerReader'] }]);
    expect(operation('Buyers.Delete').security).toEqual([{ OAuth2: ['FullAccess', 'BuyerAdmin'] }]);
    expect(operation('UserGroups.GetAccessToken').security).toEqual([{ OAuth2: ['FullAccess', 'BuyerImpersonation'] }]);
    expect(operation('UserGroups.Ping').security).toEqual([{ OAuth2: [] }]);
    const scheme = doc.components.securitySchemes.OAuth2;
    expect(Object.keys(scheme.flows.password.scopes)).toEqual([...API_ROLES]);
    expect(scheme.flows.clientCredentials.tokenUrl).toBe('http://localhost:4000/platform/oauth/token');
  });

  it('describes request bodies as allOf plus the fields required on create', () => {
    expect(operation('Buyers.Create').requestBody).toEqual({
      required: true,
      content: {
        'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Buyer' }], required: ['Name'] } },
      },
    });
    expect(operation('Buyers.Patch').requestBody?.content['application/json'].schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/Buyer' }],
    });
    expect(operation('UserGroups.GetAccessToken').requestBody?.content['application/json'].schema.required).toEqual([
      'ClientID',
    ]);
    expect(operation('UserGroups.SaveAssignment').requestBody?.content['application/json'].schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/UserGroupAssignment' }],
      required: ['UserGroupID', 'UserID'],
    });
  });

  it('keys responses by the success code, with inline {Items, Meta} for lists', () => {
    const page = (model: string) => ({
      type: 'object',
      properties: {
        Items: { type: 'array', items: { $ref: `#/components/schemas/${model}` } },
        Meta: { $ref: '#/components/schemas/Meta' },
      },
    });
    expect(operation('Buyers.List').responses['200']?.content?.['application/json'].schema).toEqual(page('Buyer'));
    expect(operation('UserGroups.ListMembers').responses['200']?.content?.['application/json'].schema).toEqual(
      page('UserGroup'),
    );
    expect(operation('UserGroups.ListAssignments').responses['200']?.content?.['application/json'].schema).toEqual(
      page('UserGroupAssignment'),
    );
    expect(Object.keys(operation('Buyers.Create').responses)).toEqual(['201']);
    expect(operation('Buyers.Delete').responses).toEqual({ '204': { description: expect.any(String) } });
    expect(operation('UserGroups.SaveAssignment').responses).toEqual({ '204': { description: expect.any(String) } });
    expect(operation('Buyers.Get').responses['200']?.content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Buyer',
    });
  });

  it('gives lists the list parameters, with sortBy including descending variants', () => {
    const list = operation('UserGroups.List');
    expect(list.parameters?.map((p) => p.name)).toEqual([
      'buyerID',
      'search',
      'searchOn',
      'sortBy',
      'page',
      'pageSize',
      'filters',
    ]);
    expect(param(list, 'buyerID')).toEqual({
      name: 'buyerID',
      in: 'path',
      description: 'ID of the buyer.',
      required: true,
      schema: { type: 'string' },
    });
    expect(param(list, 'searchOn')?.schema).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['ID', 'Name', 'Description'] },
    });
    // The default sortable fields: the searchable ones plus the dates the model has.
    expect(param(operation('Buyers.List'), 'sortBy')?.schema.items?.enum).toEqual([
      'ID',
      'Name',
      'DateCreated',
      '!ID',
      '!Name',
      '!DateCreated',
    ]);
    expect(param(operation('Specs.ListOptions'), 'sortBy')?.schema.items?.enum).toEqual([
      'ListOrder',
      'ID',
      '!ListOrder',
      '!ID',
    ]);
    expect(param(list, 'filters')?.schema).toEqual({ type: 'object' });
    const members = operation('UserGroups.ListMembers');
    expect(param(members, 'depth')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer' } });
    expect(param(members, 'sortBy')).toBeDefined();
    const assignments = operation('UserGroups.ListAssignments');
    expect(param(assignments, 'level')?.schema).toEqual({ $ref: '#/components/schemas/PartyType' });
    expect(param(assignments, 'sortBy')).toBeUndefined();
  });

  it('publishes models with typed, annotated properties and an example, and enums as string enums', () => {
    const { schemas } = doc.components;
    expect(schemas.PriceMarkupType).toEqual({
      type: 'string',
      enum: ['NoMarkup', 'AmountPerQuantity', 'AmountTotal', 'Percentage'],
    });
    const buyer = schemas.Buyer;
    expect(buyer?.type).toBe('object');
    expect(buyer?.required).toBeUndefined();
    expect(buyer?.properties).toMatchObject({
      ID: { type: 'string', maxLength: 100 },
      Active: { type: 'boolean', default: true },
      DateCreated: { type: 'string', format: 'date-time', readOnly: true },
      xp: { type: 'object' },
    });
    expect(buyer?.example).toMatchObject({ ID: '', Active: true, xp: {} });
    const spec = schemas.Spec?.properties;
    expect(spec?.Secret).toEqual({ type: 'string', maxLength: 50, writeOnly: true });
    expect(spec?.Markup).toEqual({ $ref: '#/components/schemas/PriceMarkupType', readOnly: true });
    expect(spec?.ShipFrom).toEqual({
      allOf: [{ $ref: '#/components/schemas/Address' }],
      readOnly: true,
      description: 'Where it ships from.',
    });
    expect(spec?.Options).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/SpecOption' },
      readOnly: true,
    });
    expect(schemas.SpecOption?.properties?.ListOrder).toEqual({ type: 'integer', format: 'int32' });
    expect(schemas.Spec?.example).toMatchObject({
      Markup: 'NoMarkup',
      ShipFrom: { City: '' },
      Options: [{ Value: '' }],
    });
    expect(schemas.Meta?.properties?.ItemRange).toMatchObject({
      type: 'array',
      items: { type: 'integer', format: 'int32' },
    });
  });

  it('resolves every $ref to a component schema', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas).toHaveProperty([ref.split('/').at(-1) as string]);
    }
  });

  it('has a checker that notices broken references, parameters and security', () => {
    const broken = structuredClone(doc);
    const get = broken.paths['/buyers/{buyerID}']?.get as OperationObject;
    get.parameters = [];
    get.security = [{ OAuth2: ['BuyerAdmin'] }];
    (broken.components.schemas.Buyer as { properties: object }).properties = {
      Owner: { $ref: '#/components/schemas/Nope' },
    };
    expect(descriptionProblems(broken)).toEqual([
      'unresolved $ref #/components/schemas/Nope',
      'Buyers.Get (/buyers/{buyerID}): path parameters  != buyerID',
      'Buyers.Get (/buyers/{buyerID}): FullAccess is not first',
    ]);
  });

  it('versions the document by its content, in four parts', () => {
    expect(doc.info.version).toMatch(/^1\.0\.\d+\.\d+$/);
    expect(descriptionVersion(doc)).toBe(doc.info.version);
    expect(describeRegistry().info.version).toBe(doc.info.version);
    expect(describeRegistry(100, 'https://platform.example').info.version).toBe(doc.info.version);
    expect(describeRegistry(120).info.version).not.toBe(doc.info.version);
  });
});
