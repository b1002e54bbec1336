import { describe, expect, it } from 'vitest';
import { buildOperations } from '../engine/operations.ts';
import { pathParams } from '../engine/ids.ts';
import { platformRegistry } from './index.ts';
import { SECTIONS } from './types.ts';

describe('the platform registry', () => {
  const operations = buildOperations(platformRegistry);

  it('builds (every model, enum and reference resolves) with unique operations and routes', () => {
    expect(operations.length).toBeGreaterThan(250);
    expect(new Set(operations.map((operation) => operation.id)).size).toBe(operations.length);
  });

  it('names every operation Resource.Method after a declared resource', () => {
    const names = new Set(platformRegistry.resources.map((resource) => resource.name));
    for (const operation of operations) {
      const [resource, method] = operation.id.split('.');
      expect(names.has(resource as string), operation.id).toBe(true);
      expect(method).toMatch(/^[A-Z][A-Za-z]+$/);
    }
  });

  it('finds a parent resource for every path parameter', () => {
    const idParams = new Set(platformRegistry.resources.map((resource) => resource.idParam));
    for (const resource of platformRegistry.resources) {
      for (const param of pathParams(resource.path)) {
        if (resource.scopeParams?.includes(param)) continue;
        expect(idParams.has(param), `${resource.name}: {${param}}`).toBe(true);
      }
    }
  });

  it('puts every resource in a known section and requires only declared fields', () => {
    const sections = new Set<string>(SECTIONS.map((section) => section.id));
    for (const resource of platformRegistry.resources) {
      expect(sections.has(resource.section), resource.name).toBe(true);
      for (const field of resource.requiredOnCreate)
        expect(resource.model.fields, `${resource.name}.${field}`).toHaveProperty(field);
    }
  });

  it('never needs a role that does not exist', () => {
    const roles = new Set(platformRegistry.enums.ApiRole);
    for (const operation of operations)
      for (const role of operation.roles) expect(roles.has(role), `${operation.id}: ${role}`).toBe(true);
  });
});
