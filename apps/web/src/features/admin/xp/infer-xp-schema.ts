import type { SchemaObject } from '@/description/openapi-types';

// XP SCHEMA INFERENCE (pure)
// xp is free-form, so the form for it comes from the items themselves (spec 2 §3): every property any item has,
// typed by what most items hold there. Items that hold another type are listed, because a search index maps a
// field by one type and rejects every item that disagrees (ARCHITECTURE §4.5).

/** The types an inferred property can have; array items are never arrays. */
export type XpType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

export interface XpDisagreement {
  readonly id: string;
  readonly type: XpType;
}

/** A property whose items disagree on its type. */
export interface XpConflict {
  /** Dot path below xp; the items of a list as `Tags[]`. */
  readonly path: string;
  /** The type most items hold, which the schema takes. */
  readonly winner: XpType;
  readonly winnerCount: number;
  /** The items holding another type there, in the order they were read. */
  readonly disagreeing: readonly XpDisagreement[];
}

export interface XpInference {
  /** `{ type: 'object', properties }` for xp. */
  readonly schema: SchemaObject;
  readonly conflicts: readonly XpConflict[];
  readonly itemsRead: number;
  /** Whether every item of the list was read (else the first 1,000). */
  readonly complete: boolean;
  /** The items could not be read: the schema is empty (spec 2 §8). */
  readonly failed?: boolean;
}

export const EMPTY_XP_SCHEMA: SchemaObject = { type: 'object', properties: {} };

/**
 * The type of one value; null and undefined have none.
 *
 * @example
 * xpTypeOf(3); // 'integer'
 * xpTypeOf(2.5); // 'number'
 * xpTypeOf(null); // undefined
 */
export function xpTypeOf(value: unknown): XpType | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

/** What the values at one path were, per type: the ids of the items holding each. */
interface PathNode {
  readonly types: Map<XpType, Set<string>>;
  readonly children: Map<string, PathNode>;
  items: PathNode | undefined;
}

const newNode = (): PathNode => ({ types: new Map(), children: new Map(), items: undefined });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function visit(node: PathNode, value: unknown, id: string): void {
  const type = xpTypeOf(value);
  if (!type) return;
  const ids = node.types.get(type) ?? new Set<string>();
  ids.add(id);
  node.types.set(type, ids);
  if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      let childNode = node.children.get(key);
      if (!childNode) {
        childNode = newNode();
        node.children.set(key, childNode);
      }
      visit(childNode, child, id);
    }
  } else if (Array.isArray(value)) {
    for (const element of value) {
      // Array items cannot be arrays (spec 2 §3): a nested list adds no item type, and the item holding it does
      // not conform to the schema (see xp-conformance).
      if (Array.isArray(element)) continue;
      node.items ??= newNode();
      visit(node.items, element, id);
    }
  }
}

// Whole numbers are numbers too: a property holding 2 in one item and 2.5 in another is a number, not a conflict.
function mergedTypes(types: Map<XpType, Set<string>>): Map<XpType, Set<string>> {
  const integer = types.get('integer');
  const number = types.get('number');
  if (!integer || !number) return types;
  const merged = new Map<XpType, Set<string>>();
  for (const [type, ids] of types) {
    if (type === 'integer') continue;
    merged.set(type, type === 'number' ? new Set([...number, ...integer]) : ids);
  }
  return merged;
}

function finalize(node: PathNode, path: string, conflicts: XpConflict[]): SchemaObject | undefined {
  const types = mergedTypes(node.types);
  let winner: XpType | undefined;
  let winnerIds = new Set<string>();
  // Ties go to the type read first, so the answer does not depend on Map internals.
  for (const [type, ids] of types) {
    if (ids.size > winnerIds.size) [winner, winnerIds] = [type, ids];
  }
  if (!winner) return undefined;
  if (types.size > 1) {
    const seen = new Set<string>();
    const disagreeing: XpDisagreement[] = [];
    for (const [type, ids] of types) {
      if (type === winner) continue;
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        disagreeing.push({ id, type });
      }
    }
    conflicts.push({ path, winner, winnerCount: winnerIds.size, disagreeing });
  }
  if (winner === 'object') return { type: 'object', properties: finalizeChildren(node, path, conflicts) };
  if (winner === 'array') {
    const items = node.items ? finalize(node.items, `${path}[]`, conflicts) : undefined;
    // Only empty lists (or lists of lists) seen: text is the likeliest item and the form needs one.
    return { type: 'array', items: items ?? { type: 'string' } };
  }
  return { type: winner };
}

function finalizeChildren(node: PathNode, path: string, conflicts: XpConflict[]): Record<string, SchemaObject> {
  const properties: Record<string, SchemaObject> = {};
  for (const [key, child] of node.children) {
    const schema = finalize(child, path ? `${path}.${key}` : key, conflicts);
    // A property only ever null has no type to edit it by; it stays hidden (see the hidden-properties warning).
    if (schema) properties[key] = schema;
  }
  return properties;
}

/** Anything read from a list: its id (for the conflict list) and its xp. */
export interface XpSource {
  readonly ID?: unknown;
  readonly xp?: unknown;
}

/**
 * The xp schema of a set of items, with the properties they disagree on.
 *
 * @example
 * inferXpSchema([{ ID: 'a', xp: { Size: 42 } }, { ID: 'b', xp: { Size: 40 } }, { ID: 'c', xp: { Size: 'XL' } }]);
 * // schema.properties.Size = { type: 'integer' };
 * // conflicts = [{ path: 'Size', winner: 'integer', winnerCount: 2, disagreeing: [{ id: 'c', type: 'string' }] }]
 */
export function inferXpSchema(
  items: readonly XpSource[],
  read: { complete: boolean } = { complete: true },
): XpInference {
  const root = newNode();
  items.forEach((item, index) => {
    if (!isRecord(item.xp)) return;
    const id = typeof item.ID === 'string' ? item.ID : `#${index + 1}`;
    for (const [key, value] of Object.entries(item.xp)) {
      let node = root.children.get(key);
      if (!node) {
        node = newNode();
        root.children.set(key, node);
      }
      visit(node, value, id);
    }
  });
  const conflicts: XpConflict[] = [];
  const properties = finalizeChildren(root, '', conflicts);
  return { schema: { type: 'object', properties }, conflicts, itemsRead: items.length, complete: read.complete };
}
