/** The type a search index gives a field, inferred from the documents it holds. */
export type FieldType = 'text' | 'number' | 'boolean' | 'object';

/** Field types by dotted path (`xp.Size`), arrays mapped by the type of their elements. */
export type Mapping = Record<string, FieldType>;

/** One value of a document at a dotted path. */
export interface FieldValue {
  path: string;
  type: FieldType;
  value: unknown;
}

function typeOf(value: unknown): FieldType | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'object';
}

/** Every typed value of a document; nulls say nothing about a type and are left out. */
export function fieldValues(document: Record<string, unknown>): FieldValue[] {
  const found: FieldValue[] = [];
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      for (const element of value) visit(element, path);
      return;
    }
    const type = typeOf(value);
    if (!type) return;
    if (path) found.push({ path, type, value });
    if (type === 'object') {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        visit(child, path ? `${path}.${key}` : key);
      }
    }
  };
  visit(document, '');
  return found;
}

/** Counts of each type per path over many documents: the first pass of a build. */
export class MappingInference {
  readonly #counts = new Map<string, Map<FieldType, number>>();

  add(document: Record<string, unknown>): void {
    for (const { path, type } of fieldValues(document)) {
      let counts = this.#counts.get(path);
      if (!counts) this.#counts.set(path, (counts = new Map()));
      counts.set(type, (counts.get(type) ?? 0) + 1);
    }
  }

  /**
   * Each field gets the type most of the documents give it (on a tie, the type met first), so the
   * few documents that disagree are the ones rejected, whatever order they were stored in.
   */
  mapping(): Mapping {
    const mapping: Mapping = {};
    for (const [path, counts] of this.#counts) {
      let best: [FieldType, number] | undefined;
      for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
      if (best) mapping[path] = best[0];
    }
    return mapping;
  }
}

const TYPE_WORDS: Record<FieldType, string> = {
  text: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
};

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Why a document cannot go in an index with this mapping, or undefined when it fits. */
export function conflictWith(mapping: Mapping, document: Record<string, unknown>): string | undefined {
  for (const { path, type, value } of fieldValues(document)) {
    const mapped = mapping[path];
    if (mapped && mapped !== type) {
      return `Field ${path} is mapped as ${TYPE_WORDS[mapped]}, but this document's value ${preview(value)} is ${TYPE_WORDS[type]}.`;
    }
  }
  return undefined;
}

/** The fields of a document the mapping does not know yet, with their types (an update may add them). */
export function newFields(mapping: Mapping, document: Record<string, unknown>): Mapping {
  const added: Mapping = {};
  for (const { path, type } of fieldValues(document)) if (!mapping[path] && !added[path]) added[path] = type;
  return added;
}
