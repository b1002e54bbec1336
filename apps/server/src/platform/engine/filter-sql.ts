import { sql, type SQL } from 'drizzle-orm';
import type { FieldSchema, ModelDefinition } from '../resources/fields.ts';
import type { Registry } from '../resources/types.ts';
import { validation } from './errors.ts';
import type { FilterClause } from './list-query.ts';

/** How a field's stored JSON is compared. */
type Kind = 'text' | 'number' | 'boolean' | 'dynamic';

/** A field of a list call, resolved against the model: its SQL path and how to compare it. */
export interface ResolvedField {
  path: string[];
  kind: Kind;
}

const SEGMENT = /^[A-Za-z0-9_]+$/;

function kindOf(field: FieldSchema | 'dynamic'): Kind {
  if (field === 'dynamic') return 'dynamic';
  if (field.type === 'integer' || field.type === 'number') return 'number';
  if (field.type === 'boolean') return 'boolean';
  return 'text';
}

/**
 * Resolves a dotted property of a list call. `errorCode` names the failure the way the platform
 * does for filters (List.InvalidProperty), sorts and searches.
 */
export function resolveField(
  registry: Registry,
  model: ModelDefinition,
  name: string,
  errorCode = 'List.InvalidProperty',
): ResolvedField {
  const path = name.split('.');
  const field = path.every((segment) => SEGMENT.test(segment)) ? registry.fieldAt(model, path) : undefined;
  if (!field || (field !== 'dynamic' && field.writeOnly)) {
    throw validation(`${name} is not a property of ${model.name}.`, { Property: name }, errorCode);
  }
  return { path, kind: kindOf(field) };
}

/** SQL text of the field's value: the `id` column for ID, otherwise the JSON path as text. */
export function fieldText(field: ResolvedField): SQL {
  if (field.path.length === 1 && field.path[0] === 'ID') return sql.raw('d.id');
  // Segments are checked against SEGMENT, so inlining them is safe and keeps expression indexes usable.
  if (field.path.length === 1) return sql.raw(`(d.body ->> '${field.path[0]}')`);
  return sql.raw(`(d.body #>> '{${field.path.join(',')}}')`);
}

function fieldJsonType(field: ResolvedField): SQL {
  return sql.raw(`jsonb_typeof(d.body #> '{${field.path.join(',')}}')`);
}

const NUMBER = /^-?\d+(\.\d+)?$/;

export function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

/** One alternative of a filter value (after splitting on `|`), without its `!`. */
function condition(field: ResolvedField, raw: string): SQL {
  const value = fieldText(field);
  if (raw === '*') return sql`${value} IS NOT NULL`;
  const comparison = raw.match(/^(<=|>=|<|>)(.*)$/);
  if (comparison) {
    const [, operator, operand = ''] = comparison;
    const op = sql.raw(operator as string);
    if (field.kind === 'number' || (field.kind === 'dynamic' && NUMBER.test(operand))) {
      if (!NUMBER.test(operand))
        throw validation(`${field.path.join('.')} must be compared with a number.`, { Value: raw }, 'List.InvalidType');
      if (field.kind === 'dynamic') {
        return sql`(CASE WHEN ${fieldJsonType(field)} = 'number' THEN ${value}::numeric ${op} ${operand}::numeric ELSE false END)`;
      }
      return sql`${value}::numeric ${op} ${operand}::numeric`;
    }
    return sql`${value} ${op} ${operand}`;
  }
  if (raw.includes('*')) return sql`${value} ILIKE ${likePattern(raw)}`;
  if (field.path.length === 1 && field.path[0] === 'ID') return sql`lower(d.id) = lower(${raw})`;
  if (field.kind === 'number') {
    if (!NUMBER.test(raw)) {
      throw validation(`${field.path.join('.')} must be a number.`, { Value: raw }, 'List.InvalidType');
    }
    return contains(field, Number(raw));
  }
  if (field.kind === 'boolean') {
    const lowered = raw.toLowerCase();
    if (lowered !== 'true' && lowered !== 'false') {
      throw validation(`${field.path.join('.')} must be true or false.`, { Value: raw }, 'List.InvalidType');
    }
    return contains(field, lowered === 'true');
  }
  if (field.kind === 'dynamic') {
    // An xp value may be stored as text, number or boolean; "5" matches any of them.
    const forms: SQL[] = [contains(field, raw)];
    if (NUMBER.test(raw)) forms.push(contains(field, Number(raw)));
    if (/^(true|false)$/i.test(raw)) forms.push(contains(field, raw.toLowerCase() === 'true'));
    return forms.length === 1 ? (forms[0] as SQL) : sql`(${sql.join(forms, sql` OR `)})`;
  }
  return contains(field, raw);
}

/**
 * Case-insensitive equality as JSON containment on `search` (the body with all text lower-cased,
 * kept by the database and indexed with GIN), so equality filters use the index instead of
 * reading every object.
 */
function contains(field: ResolvedField, value: string | number | boolean): SQL {
  let fragment: unknown = value;
  for (const segment of [...field.path].reverse()) fragment = { [segment]: fragment };
  return sql`d.search @> lower(${JSON.stringify(fragment)})::jsonb`;
}

/** One value of a filter: `a|b` alternatives, each optionally negated with `!`. */
function valueCondition(field: ResolvedField, raw: string): SQL {
  const alternatives = raw.split('|').map((alternative) => {
    if (alternative === '!*') return sql`${fieldText(field)} IS NULL`;
    if (alternative.startsWith('!')) return sql`(${condition(field, alternative.slice(1))}) IS NOT TRUE`;
    return condition(field, alternative);
  });
  return alternatives.length === 1 ? (alternatives[0] as SQL) : sql`(${sql.join(alternatives, sql` OR `)})`;
}

/** All filters of a list call as one SQL condition (repeated keys and different keys are ANDed). */
export function compileFilters(
  registry: Registry,
  model: ModelDefinition,
  filters: readonly FilterClause[],
): SQL | undefined {
  const conditions = filters.flatMap((filter) => {
    const field = resolveField(registry, model, filter.field);
    return filter.values.map((value) => valueCondition(field, value));
  });
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : undefined;
}

/** `search` over the searchable fields: a case-insensitive "contains" on any of them. */
export function compileSearch(
  registry: Registry,
  model: ModelDefinition,
  term: string,
  fields: readonly string[],
): SQL {
  const pattern = `%${likePattern(term)}%`;
  const conditions = fields.map(
    (name) => sql`${fieldText(resolveField(registry, model, name, 'List.InvalidSearchProperty'))} ILIKE ${pattern}`,
  );
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

/** One sort key of a list: the SQL value to order by (over alias `d`) and its direction. */
export interface SortKey {
  value: SQL;
  descending: boolean;
  /** A numeric value (ordered as a number); otherwise text. Kept lists order changed items by it. */
  numeric?: boolean;
}

/** `sortBy` keys (a leading `!` = descending); callers end the order with the id so pages are stable. */
export function compileSort(
  registry: Registry,
  model: ModelDefinition,
  keys: readonly string[],
  allowed: ReadonlySet<string>,
): SortKey[] {
  return keys.flatMap((key) => {
    const descending = key.startsWith('!');
    const name = descending ? key.slice(1) : key;
    if (!allowed.has(name) && !name.startsWith('xp.')) {
      throw validation(
        `${name} cannot be used to sort ${model.name} lists.`,
        { Property: name },
        'List.InvalidSortProperty',
      );
    }
    const field = resolveField(registry, model, name, 'List.InvalidSortProperty');
    if (field.kind === 'number') return [{ value: sql`${fieldText(field)}::numeric`, descending, numeric: true }];
    if (field.kind === 'dynamic') {
      // xp values may be numbers in one item and text in another: numbers order numerically first.
      const numeric = sql`(CASE WHEN ${fieldJsonType(field)} = 'number' THEN ${fieldText(field)}::numeric END)`;
      return [
        { value: numeric, descending, numeric: true },
        { value: fieldText(field), descending },
      ];
    }
    return [{ value: fieldText(field), descending }];
  });
}
