import { describe, expect, it } from 'vitest';
import { CIRCULAR_REF_KEY, dereference, mergeAllOf, SCHEMA_NAME_KEY } from './dereference';
import { DescriptionError } from './description-error';
import type { JsonObject } from './openapi-types';
import { fixtureDocument } from './test-fixtures';

/** Reads a nested value in a test without a cast at every step. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let node = value;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

function hasRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRef);
  if (typeof value !== 'object' || value === null) return false;
  return '$ref' in value || Object.values(value).some(hasRef);
}

describe('dereference', () => {
  it('leaves no $ref and no allOf anywhere in the document', () => {
    const result = dereference(fixtureDocument());
    expect(hasRef(result)).toBe(false);
    expect(JSON.stringify(result)).not.toContain('"allOf"');
  });

  it('does not change its input', () => {
    const input = fixtureDocument();
    const before = JSON.stringify(input);
    dereference(input);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('merges an allOf request body with its required list', () => {
    const result = dereference(fixtureDocument());
    const schema = at(result, 'paths', '/adminusers', 'post', 'requestBody', 'content', 'application/json', 'schema');
    expect(schema).toMatchObject({
      type: 'object',
      required: ['Username', 'FirstName', 'LastName', 'Email', 'Active'],
      [SCHEMA_NAME_KEY]: 'User',
    });
    expect(Object.keys(at(schema, 'properties') as object)).toContain('Email');
  });

  it('resolves each target once and shares it between references', () => {
    const result = dereference(fixtureDocument());
    const getUser = at(result, 'paths', '/me', 'get', 'responses', '200', 'content', 'application/json', 'schema');
    const componentUser = at(result, 'components', 'schemas', 'User');
    const meta1 = at(
      result,
      'paths',
      '/adminusers',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
    );
    const meta2 = at(
      result,
      'paths',
      '/apiclients',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
    );
    expect(getUser).toBe(componentUser);
    expect(at(meta1, 'properties', 'Meta')).toBe(at(meta2, 'properties', 'Meta'));
  });

  it('names every component schema, referenced or not', () => {
    const result = dereference(fixtureDocument());
    expect(at(result, 'components', 'schemas', 'Locale', SCHEMA_NAME_KEY)).toBe('Locale');
    expect(at(result, 'components', 'schemas', 'SecurityProfileAssignment', SCHEMA_NAME_KEY)).toBe(
      'SecurityProfileAssignment',
    );
  });

  it('lays keys beside a $ref over the target', () => {
    const result = dereference(fixtureDocument());
    expect(at(result, 'components', 'schemas', 'User', 'properties', 'Role')).toMatchObject({
      type: 'string',
      enum: ['FullAccess', 'ApiClientAdmin', 'AdminUserAdmin'],
      readOnly: true,
    });
    // The shared enum itself is untouched by the sibling.
    expect(at(result, 'components', 'schemas', 'ApiRole', 'readOnly')).toBeUndefined();
  });

  it('merges nested allOf properties and keeps their outer keys', () => {
    const result = dereference(fixtureDocument());
    expect(at(result, 'components', 'schemas', 'User', 'properties', 'Locale')).toMatchObject({
      type: 'object',
      readOnly: true,
      properties: { ID: { type: 'string' }, Currency: { type: 'string' } },
    });
  });

  it('resolves references inside arrays and parameters', () => {
    const doc = {
      components: { parameters: { page: { name: 'page', in: 'query' } } },
      paths: { '/x': { get: { parameters: [{ $ref: '#/components/parameters/page' }] } } },
    };
    expect(at(dereference(doc), 'paths', '/x', 'get', 'parameters', 0)).toEqual({ name: 'page', in: 'query' });
  });

  it('follows chains of references', () => {
    const doc = { a: { $ref: '#/b' }, b: { $ref: '#/c' }, c: { type: 'string' } };
    expect(dereference(doc).a).toEqual({ type: 'string' });
  });

  it('unescapes JSON pointer tokens and percent-encoding', () => {
    const doc = {
      paths: { '/a/{id}': { get: { summary: 'hi' } } },
      link: { $ref: '#/paths/~1a~1%7Bid%7D/get' },
      tilde: { $ref: '#/weird~0key' },
      'weird~key': { ok: true },
    };
    const result = dereference(doc);
    expect(result.link).toEqual({ summary: 'hi' });
    expect(result.tilde).toEqual({ ok: true });
  });

  it('guards cycles with a stub and still returns a finite tree', () => {
    const doc = {
      components: {
        schemas: {
          Category: {
            type: 'object',
            properties: {
              Parent: { $ref: '#/components/schemas/Category' },
              Items: { $ref: '#/components/schemas/Item' },
            },
          },
          Item: { type: 'object', properties: { Category: { $ref: '#/components/schemas/Category' } } },
        },
      },
    };
    const result = dereference(doc);
    const category = at(result, 'components', 'schemas', 'Category');
    expect(at(category, 'properties', 'Parent')).toEqual({ [CIRCULAR_REF_KEY]: '#/components/schemas/Category' });
    expect(at(category, 'properties', 'Items', 'properties', 'Category')).toEqual({
      [CIRCULAR_REF_KEY]: '#/components/schemas/Category',
    });
    expect(() => JSON.stringify(result)).not.toThrow();
  });

  it('rejects external references and references to nothing', () => {
    expect(() => dereference({ a: { $ref: 'other.json#/x' } })).toThrow(DescriptionError);
    expect(() => dereference({ a: { $ref: '#/components/schemas/Nope' } })).toThrow(
      'The reference #/components/schemas/Nope points at nothing in the API description.',
    );
    expect(() => dereference({ a: { $ref: '#/%E0%A4%A' } })).toThrow(DescriptionError);
  });

  it('keeps primitives, nulls and arrays as they are', () => {
    expect(dereference({ a: [1, 'x', null, true] })).toEqual({ a: [1, 'x', null, true] });
    expect(dereference(null)).toBeNull();
  });
});

describe('mergeAllOf', () => {
  it('combines properties, unites required lists and lets outer keys win', () => {
    const merged = mergeAllOf({
      allOf: [
        { type: 'object', properties: { A: { type: 'string' } }, required: ['A'], description: 'first' },
        { properties: { B: { type: 'number' } }, required: ['A', 'B'] },
      ],
      required: ['C'],
      description: 'outer',
    } satisfies JsonObject);
    expect(merged).toEqual({
      type: 'object',
      properties: { A: { type: 'string' }, B: { type: 'number' } },
      required: ['A', 'B', 'C'],
      description: 'outer',
    });
  });

  it('skips parts that are not objects', () => {
    expect(mergeAllOf({ allOf: [true, null, { type: 'string' }] })).toEqual({ type: 'string' });
  });
});
