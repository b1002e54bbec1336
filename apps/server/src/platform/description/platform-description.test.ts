import { describe, expect, it } from 'vitest';
import { buildOperations } from '../engine/operations.ts';
import { platformRegistry } from '../resources/index.ts';
import { tagName } from '../resources/types.ts';
import { buildDescription } from './build-description.ts';
import { collectRefs, descriptionProblems } from './check-description.ts';

const operations = buildOperations(platformRegistry);
const doc = buildDescription({ registry: platformRegistry, operations, publicUrl: 'http://localhost:4000' });

describe('the platform description', () => {
  it('is well formed: every $ref resolves, operationIds and tags are unique, path parameters declared', () => {
    expect(descriptionProblems(doc)).toEqual([]);
    expect(collectRefs(doc).length).toBeGreaterThan(0);
  });

  it('publishes every operation of the table once, under its own path and method', () => {
    const published = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
    );
    expect(published.sort()).toEqual(operations.map((op) => `${op.method} ${op.path} ${op.id}`).sort());
  });

  it('gives every top-level resource a tag in a section', () => {
    const tags = new Map(doc.tags.map((tag) => [tag.name, tag]));
    for (const resource of platformRegistry.resources.filter((candidate) => !candidate.operationOwner)) {
      expect(tags.get(tagName(resource))?.['x-section-id'], resource.name).toBe(resource.section);
    }
  });

  it('is the same on every build', () => {
    const again = buildDescription({ registry: platformRegistry, operations, publicUrl: 'http://localhost:4000' });
    expect(again.info.version).toBe(doc.info.version);
    expect(JSON.stringify(again)).toBe(JSON.stringify(doc));
  });
});
