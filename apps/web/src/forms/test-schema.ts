import type { SchemaObject } from '@/description/openapi-types';

/** A request body touching every rule of the field model; shared by the form tests. */
export const userSchema: SchemaObject = {
  type: 'object',
  properties: {
    ID: { type: 'string', readOnly: true },
    FirstName: { type: 'string', description: 'Given name.', maxLength: 100 },
    Email: { type: 'string', maxLength: 200 },
    Comments: { type: 'string', maxLength: 2000 },
    Password: { type: 'string', format: 'password' },
    Quantity: { type: 'integer', minimum: 1, maximum: 10 },
    Price: { type: 'number' },
    Active: { type: 'boolean' },
    Status: { type: 'string', enum: ['Open', 'Closed'] },
    DateCreated: { type: 'string', format: 'date-time' },
    BuyerID: { type: 'string' },
    Address: {
      type: 'object',
      required: ['City'],
      properties: { City: { type: 'string' }, Zip: { type: 'string', minLength: 5 } },
    },
    Tags: { type: 'array', items: { type: 'string' } },
    xp: { type: 'object' },
    Weird: { type: 'file' },
  },
};

/** A request body with a list of every kind the field model knows; shared by the list tests. */
export const listSchema: SchemaObject = {
  type: 'object',
  required: ['Tags'],
  properties: {
    Tags: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'string', maxLength: 5 } },
    Scores: { type: 'array', minItems: 2, items: { type: 'integer', minimum: 0, maximum: 100 } },
    Prices: { type: 'array', items: { type: 'number' } },
    Flags: { type: 'array', items: { type: 'boolean' } },
    Emails: { type: 'array', items: { type: 'string', format: 'email' } },
    Dates: { type: 'array', items: { type: 'string', format: 'date-time' } },
    Roles: { type: 'array', maxItems: 1, items: { type: 'string', enum: ['Admin', 'Reader', 'Writer'] } },
    Levels: { type: 'array', items: { type: 'integer', enum: [1, 2, 3] } },
    Addresses: {
      type: 'array',
      maxItems: 2,
      items: {
        type: 'object',
        required: ['City'],
        properties: {
          ID: { type: 'string', readOnly: true },
          City: { type: 'string' },
          Zip: { type: 'string', minLength: 5 },
          Floor: { type: 'integer' },
          Lines: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    Matrix: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
    Blobs: { type: 'array', items: { type: 'object' } },
    Anything: { type: 'array' },
  },
};
