import { describe, expect, it } from 'vitest';
import {
  getOperation,
  getResource,
  getSection,
  requireOperation,
  resourcesOfSection,
  standardOperation,
} from './api-model';
import { dereference } from './dereference';
import { DescriptionError } from './description-error';
import { buildApiDescription, indexDescription } from './index-description';
import type { OpenApiDocument } from './openapi-types';
import { fixtureDocument } from './test-fixtures';

const api = buildApiDescription(fixtureDocument());

describe('indexDescription: sections and resources', () => {
  it('lists sections from x-id tags in document order, with their resources', () => {
    expect(api.sections.map((section) => [section.id, section.name, section.resourceIds])).toEqual([
      ['AuthenticationAndAuthorization', 'Authentication and Authorization', ['ApiClients', 'SecurityProfiles']],
      ['MarketplaceOwners', 'Marketplace Owners', ['AdminUsers']],
      ['EmptySection', 'Empty Section', []],
      ['MeAndMyStuff', 'Me and My Stuff', ['Me']],
    ]);
    expect(api.sections[0]?.description).toBe('Who may do what.');
  });

  it('builds resources from x-section-id tags, named by the tag and identified by the operationId prefix', () => {
    expect(api.resources.map((resource) => [resource.id, resource.name, resource.sectionId])).toEqual([
      ['ApiClients', 'Api Clients', 'AuthenticationAndAuthorization'],
      ['SecurityProfiles', 'Security Profiles', 'AuthenticationAndAuthorization'],
      ['AdminUsers', 'Admin Users', 'MarketplaceOwners'],
      ['Me', 'Me', 'MeAndMyStuff'],
    ]);
  });

  it('finds the standard operations by convention', () => {
    expect(getResource(api, 'ApiClients')?.standardOperationIds).toEqual({
      list: 'ApiClients.List',
      get: 'ApiClients.Get',
      create: 'ApiClients.Create',
      patch: 'ApiClients.Patch',
      delete: 'ApiClients.Delete',
    });
    expect(getResource(api, 'Security Profiles')?.standardOperationIds).toEqual({
      list: 'SecurityProfiles.List',
      listAssignments: 'SecurityProfiles.ListAssignments',
      saveAssignment: 'SecurityProfiles.SaveAssignment',
    });
  });

  it('keeps a resource operations in document order, as the same objects as the id lookup', () => {
    const resource = getResource(api, 'Api Clients');
    expect(resource?.operations.map((operation) => operation.id)).toEqual([
      'ApiClients.List',
      'ApiClients.Create',
      'ApiClients.Get',
      'ApiClients.Patch',
      'ApiClients.Delete',
    ]);
    expect(resource?.operations[0]).toBe(getOperation(api, 'ApiClients.List'));
  });

  it('exposes the dereferenced component schemas by name', () => {
    expect(api.schemas.ApiRole?.enum).toEqual(['FullAccess', 'ApiClientAdmin', 'AdminUserAdmin']);
    expect(api.schemas.SecurityProfile?.properties?.Roles?.items?.enum).toContain('FullAccess');
  });

  it('keeps title and version', () => {
    expect([api.title, api.version]).toEqual(['Test Platform', '1.0.3.4']);
  });
});

describe('indexDescription: operations', () => {
  it('reads method, path, summary, parameters and roles', () => {
    const list = requireOperation(api, 'ApiClients.List');
    expect(list).toMatchObject({
      resourceId: 'ApiClients',
      tag: 'Api Clients',
      method: 'get',
      path: '/apiclients',
      summary: 'Get a list of API clients.',
      description: '',
      pathParams: [],
      roles: ['FullAccess', 'ApiClientAdmin', 'ApiClientReader'],
      requestBody: null,
      successStatus: '200',
    });
    expect(list.queryParams.map((parameter) => [parameter.name, parameter.required])).toEqual([
      ['search', false],
      ['pageSize', false],
    ]);
  });

  it('takes path parameters from the path item', () => {
    expect(requireOperation(api, 'ApiClients.Get').pathParams).toEqual([
      { name: 'apiClientID', in: 'path', required: true, description: '', schema: { type: 'string' } },
    ]);
  });

  it('describes list answers with their item schema', () => {
    const list = requireOperation(api, 'AdminUsers.List');
    expect(list.listItemSchema?.['x-schema-name']).toBe('User');
    expect(list.responseSchema?.properties?.Meta?.properties?.TotalCount).toEqual({ type: 'integer' });
    expect(requireOperation(api, 'AdminUsers.Create').listItemSchema).toBeNull();
  });

  it('merges request bodies and keeps the required fields of the body', () => {
    const create = requireOperation(api, 'AdminUsers.Create');
    expect(create.requestBody?.requiredFields).toEqual(['Username', 'FirstName', 'LastName', 'Email', 'Active']);
    expect(create.requestBody?.bodyRequired).toBe(true);
    expect(create.requestBody?.schema.properties?.Email).toEqual({ type: 'string', maxLength: 200 });
    expect(create.successStatus).toBe('201');
    expect(requireOperation(api, 'ApiClients.Patch').requestBody?.requiredFields).toEqual([]);
  });

  it('reads 204 answers as having no schema', () => {
    expect(requireOperation(api, 'ApiClients.Delete')).toMatchObject({ successStatus: '204', responseSchema: null });
  });

  it('gives public operations no roles', () => {
    expect(requireOperation(api, 'Me.Get').roles).toEqual([]);
  });
});

describe('indexDescription: immutability', () => {
  it('freezes the model all the way down', () => {
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.sections)).toBe(true);
    const operation = requireOperation(api, 'AdminUsers.Create');
    expect(Object.isFrozen(operation)).toBe(true);
    expect(Object.isFrozen(operation.roles)).toBe(true);
    expect(Object.isFrozen(operation.requestBody?.schema.properties?.Email)).toBe(true);
    expect(() => {
      (operation.roles as string[]).push('Hacker');
    }).toThrow(TypeError);
  });
});

describe('indexDescription: unusual documents', () => {
  const minimal = (paths: OpenApiDocument['paths'], extra: Partial<OpenApiDocument> = {}): OpenApiDocument => ({
    openapi: '3.0.0',
    info: { version: '1.0.0.1' },
    paths,
    ...extra,
  });

  it('makes a resource for operations whose tag is not declared', () => {
    const model = indexDescription(
      minimal({ '/things': { get: { operationId: 'Things.List', tags: ['Odd Things'], responses: {} } } }),
    );
    expect(model.resources).toHaveLength(1);
    expect(getResource(model, 'Odd Things')).toMatchObject({ id: 'Things', sectionId: null });
  });

  it('files untagged operations under their operationId prefix', () => {
    const model = indexDescription(minimal({ '/x': { get: { operationId: 'Widgets.List' } } }));
    expect(getResource(model, 'Widgets')?.standardOperationIds.list).toBe('Widgets.List');
  });

  it('skips operations without an operationId and ignores non-method keys', () => {
    const model = indexDescription(minimal({ '/x': { summary: 'path summary', get: { tags: ['X'] } } }));
    expect(Object.keys(model.operationsById)).toEqual([]);
  });

  it('rejects duplicate operation ids', () => {
    const paths = { '/a': { get: { operationId: 'A.Get' } }, '/b': { get: { operationId: 'A.Get' } } };
    expect(() => indexDescription(minimal(paths))).toThrow(DescriptionError);
  });

  it('lets operation parameters replace path-level ones and falls back to document security', () => {
    const model = indexDescription(
      minimal(
        {
          '/a/{id}': {
            parameters: [{ name: 'id', in: 'path', description: 'path level' }],
            get: { operationId: 'A.Get', parameters: [{ name: 'id', in: 'path', description: 'operation level' }] },
          },
        },
        { security: [{ OAuth2: ['FullAccess'] }] },
      ),
    );
    const operation = requireOperation(model, 'A.Get');
    expect(operation.pathParams).toEqual([
      { name: 'id', in: 'path', required: true, description: 'operation level', schema: {} },
    ]);
    expect(operation.roles).toEqual(['FullAccess']);
  });

  it('reads another security scheme name when OAuth2 is absent', () => {
    const model = indexDescription(minimal({ '/a': { get: { operationId: 'A.List', security: [{ Other: ['R'] }] } } }));
    expect(requireOperation(model, 'A.List').roles).toEqual(['R']);
  });

  it('falls back to 2XX and default responses', () => {
    const model = indexDescription(
      minimal({
        '/a': {
          get: { operationId: 'A.List', responses: { '2XX': { description: 'ok' } } },
          post: { operationId: 'A.Create', responses: { default: { description: 'ok' } } },
        },
      }),
    );
    expect(requireOperation(model, 'A.List').successStatus).toBe('2XX');
    expect(requireOperation(model, 'A.Create').successStatus).toBe('default');
  });

  it('rejects documents that are not OpenAPI 3', () => {
    expect(() => buildApiDescription({ swagger: '2.0' })).toThrow(DescriptionError);
    expect(() => buildApiDescription(null)).toThrow(DescriptionError);
  });
});

describe('lookups', () => {
  it('find operations, resources and sections, and never the prototype', () => {
    expect(getOperation(api, 'constructor')).toBeUndefined();
    expect(getResource(api, 'toString')).toBeUndefined();
    expect(getSection(api, 'MarketplaceOwners')?.name).toBe('Marketplace Owners');
    expect(getSection(api, 'Nope')).toBeUndefined();
    expect(() => requireOperation(api, 'Nope.List')).toThrow('The API description has no operation "Nope.List".');
  });

  it('list a section resources and a resource standard operation', () => {
    expect(resourcesOfSection(api, 'AuthenticationAndAuthorization').map((resource) => resource.name)).toEqual([
      'Api Clients',
      'Security Profiles',
    ]);
    const clients = getResource(api, 'ApiClients');
    expect(clients && standardOperation(api, clients, 'create')?.method).toBe('post');
    expect(clients && standardOperation(api, clients, 'save')).toBeUndefined();
  });

  it('work on a dereferenced document indexed directly', () => {
    const model = indexDescription(dereference(fixtureDocument()));
    expect(getOperation(model, 'Me.Get')?.responseSchema?.['x-schema-name']).toBe('User');
  });
});
