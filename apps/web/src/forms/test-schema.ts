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
