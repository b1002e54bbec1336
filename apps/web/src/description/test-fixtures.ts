import type { OpenApiDocument } from './openapi-types';

// A small description with the shapes of the platform's real one (platform-api-facts §7): section and resource
// tags, Resource.Method ids, security per operation, allOf request bodies, inline list answers, a public
// operation, path-level parameters and a $ref with siblings. Shared by the description and access tests.

const list = (model: string) => ({
  '200': {
    description: 'Success.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            Items: { type: 'array', items: { $ref: `#/components/schemas/${model}` } },
            Meta: { $ref: '#/components/schemas/Meta' },
          },
        },
      },
    },
  },
});
const one = (status: string, model: string) => ({
  [status]: {
    description: 'Success.',
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${model}` } } },
  },
});
const body = (model: string, required?: string[]) => ({
  required: true,
  content: {
    'application/json': {
      schema: { allOf: [{ $ref: `#/components/schemas/${model}` }], ...(required ? { required } : {}) },
    },
  },
});
const roles = (...names: string[]) => [{ OAuth2: names }];
const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** Builds a fresh copy each call, so a test that mutates its copy cannot affect another. */
export function fixtureDocument(version = '1.0.3.4'): OpenApiDocument {
  return {
    openapi: '3.0.3',
    info: { title: 'Test Platform', version },
    servers: [{ url: 'http://platform.test/v1' }],
    tags: [
      {
        name: 'Authentication and Authorization',
        description: 'Who may do what.',
        'x-id': 'AuthenticationAndAuthorization',
      },
      { name: 'Api Clients', description: 'Applications.', 'x-section-id': 'AuthenticationAndAuthorization' },
      { name: 'Security Profiles', 'x-section-id': 'AuthenticationAndAuthorization' },
      { name: 'Marketplace Owners', 'x-id': 'MarketplaceOwners' },
      { name: 'Admin Users', 'x-section-id': 'MarketplaceOwners' },
      { name: 'Empty Section', 'x-id': 'EmptySection' },
      { name: 'Me and My Stuff', 'x-id': 'MeAndMyStuff' },
      { name: 'Me', 'x-section-id': 'MeAndMyStuff' },
    ],
    paths: {
      '/apiclients': {
        get: {
          operationId: 'ApiClients.List',
          tags: ['Api Clients'],
          summary: 'Get a list of API clients.',
          parameters: [
            { name: 'search', in: 'query', required: false, schema: { type: 'string' } },
            { name: 'pageSize', in: 'query', schema: { type: 'integer', format: 'int32' } },
          ],
          responses: list('ApiClient'),
          security: roles('FullAccess', 'ApiClientAdmin', 'ApiClientReader'),
        },
        post: {
          operationId: 'ApiClients.Create',
          tags: ['Api Clients'],
          requestBody: body('ApiClient', ['AppName', 'AccessTokenDuration']),
          responses: one('201', 'ApiClient'),
          security: roles('FullAccess', 'ApiClientAdmin'),
        },
      },
      '/apiclients/{apiClientID}': {
        parameters: [idParam('apiClientID')],
        get: {
          operationId: 'ApiClients.Get',
          tags: ['Api Clients'],
          responses: one('200', 'ApiClient'),
          security: roles('FullAccess', 'ApiClientAdmin', 'ApiClientReader'),
        },
        patch: {
          operationId: 'ApiClients.Patch',
          tags: ['Api Clients'],
          requestBody: body('ApiClient'),
          responses: one('200', 'ApiClient'),
          security: roles('FullAccess', 'ApiClientAdmin'),
        },
        delete: {
          operationId: 'ApiClients.Delete',
          tags: ['Api Clients'],
          responses: { '204': { description: 'No content.' } },
          security: roles('FullAccess', 'ApiClientAdmin'),
        },
      },
      '/securityprofiles': {
        get: {
          operationId: 'SecurityProfiles.List',
          tags: ['Security Profiles'],
          responses: list('SecurityProfile'),
          security: roles('FullAccess', 'SecurityProfileAdmin', 'SecurityProfileReader'),
        },
      },
      '/securityprofiles/assignments': {
        get: {
          operationId: 'SecurityProfiles.ListAssignments',
          tags: ['Security Profiles'],
          responses: list('SecurityProfileAssignment'),
          security: roles('FullAccess', 'SecurityProfileAdmin', 'SetSecurityProfile'),
        },
        post: {
          operationId: 'SecurityProfiles.SaveAssignment',
          tags: ['Security Profiles'],
          requestBody: body('SecurityProfileAssignment', ['SecurityProfileID']),
          responses: { '204': { description: 'No content.' } },
          security: roles('FullAccess', 'SecurityProfileAdmin', 'SetSecurityProfile'),
        },
      },
      '/adminusers': {
        get: {
          operationId: 'AdminUsers.List',
          tags: ['Admin Users'],
          responses: list('User'),
          security: roles('FullAccess', 'AdminUserAdmin', 'AdminUserReader'),
        },
        post: {
          operationId: 'AdminUsers.Create',
          tags: ['Admin Users'],
          requestBody: body('User', ['Username', 'FirstName', 'LastName', 'Email', 'Active']),
          responses: one('201', 'User'),
          security: roles('FullAccess', 'AdminUserAdmin'),
        },
      },
      '/me': {
        get: {
          operationId: 'Me.Get',
          tags: ['Me'],
          responses: one('200', 'User'),
          security: roles(),
        },
      },
    },
    components: {
      securitySchemes: { OAuth2: { type: 'oauth2' } },
      schemas: {
        Meta: {
          type: 'object',
          properties: { Page: { type: 'integer' }, PageSize: { type: 'integer' }, TotalCount: { type: 'integer' } },
        },
        ApiRole: { type: 'string', enum: ['FullAccess', 'ApiClientAdmin', 'AdminUserAdmin'] },
        ApiClient: {
          type: 'object',
          properties: {
            ID: { type: 'string', readOnly: true },
            AppName: { type: 'string', maxLength: 100 },
            AccessTokenDuration: { type: 'integer' },
          },
        },
        SecurityProfile: {
          type: 'object',
          properties: {
            ID: { type: 'string' },
            Roles: { type: 'array', items: { $ref: '#/components/schemas/ApiRole' } },
          },
        },
        SecurityProfileAssignment: {
          type: 'object',
          properties: { SecurityProfileID: { type: 'string' }, UserID: { type: 'string' } },
        },
        Locale: { type: 'object', properties: { ID: { type: 'string' }, Currency: { type: 'string' } } },
        User: {
          type: 'object',
          properties: {
            ID: { type: 'string' },
            Username: { type: 'string', maxLength: 100 },
            FirstName: { type: 'string' },
            LastName: { type: 'string' },
            Email: { type: 'string', maxLength: 200 },
            Active: { type: 'boolean' },
            Role: { $ref: '#/components/schemas/ApiRole', readOnly: true },
            Locale: { allOf: [{ $ref: '#/components/schemas/Locale' }], readOnly: true },
          },
        },
      },
    },
  };
}
