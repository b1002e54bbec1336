// A description fixture for the prepared-description tests (unit and over HTTP).

/** A small raw description of one build: a list operation returning a referenced schema. */
export function rawDescription(version: string, extraProperty = 'Name') {
  return {
    openapi: '3.0.1',
    info: { title: 'Test API', version, description: 'dropped by the trim' },
    servers: [{ url: 'https://api.example.test' }],
    tags: [{ name: 'Things', 'x-section-id': 'Stuff', description: 'Things.' }],
    paths: {
      '/things': {
        get: {
          operationId: 'Things.List',
          tags: ['Things'],
          summary: 'List things.',
          parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' }, example: 2 }],
          responses: {
            '200': {
              description: 'OK',
              headers: { 'x-total': { schema: { type: 'integer' } } },
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { Items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
                  },
                },
              },
            },
            '404': { description: 'Not found', content: { 'application/json': { schema: { type: 'object' } } } },
          },
          security: [{ OAuth2: ['ThingReader'] }],
        },
      },
    },
    components: {
      securitySchemes: { OAuth2: { type: 'oauth2' } },
      schemas: {
        Thing: { type: 'object', properties: { ID: { type: 'string' }, [extraProperty]: { type: 'string' } } },
      },
    },
  };
}
