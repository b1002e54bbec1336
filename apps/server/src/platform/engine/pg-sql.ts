import { sql, type SQL } from 'drizzle-orm';
import type { Item } from './item.ts';
import type { ListedResource, Match } from './store.ts';

// The SQL pieces the store's reads and writes share over platform.documents.

export const parentKey = (parents: readonly string[]) => parents.join('/');

export interface Row {
  parent_key: string;
  id: string;
  body: Item;
  total?: string | number;
}

/** `body` conditions for exact matches; null matches a missing or null field. */
export function matchSql(alias: string, match: Match | undefined): SQL[] {
  if (!match) return [];
  const present: Record<string, unknown> = {};
  const conditions: SQL[] = [];
  for (const [field, value] of Object.entries(match)) {
    if (Array.isArray(value)) {
      const target = field === 'ID' && alias === 'd' ? sql.raw('d.id') : sql`${sql.raw(alias)}.body ->> ${field}`;
      // One array parameter, however many ids: a list of parameters stops at 65,535.
      conditions.push(value.length === 0 ? sql`false` : sql`${target} = ANY(${sql.param([...value])}::text[])`);
    } else if (value === null)
      conditions.push(sql`coalesce(jsonb_typeof(${sql.raw(alias)}.body -> ${field}), 'null') = 'null'`);
    else present[field] = value;
  }
  if (Object.keys(present).length > 0)
    conditions.unshift(sql`${sql.raw(alias)}.body @> ${JSON.stringify(present)}::jsonb`);
  return conditions;
}

export function parentCondition(alias: string, parents: readonly string[] | undefined): SQL[] {
  return parents === undefined ? [] : [sql`${sql.raw(alias)}.parent_key = ${parentKey(parents)}`];
}

export function splitParents(key: string): string[] {
  return key === '' ? [] : key.split('/');
}

/** The documents of one resource of a marketplace (under `parents` when given), with further conditions. */
export function documentsWhere(
  marketplaceId: string,
  resource: string,
  parents: readonly string[] | undefined,
  extra: SQL[] = [],
): SQL {
  return sql.join(
    [
      sql`d.marketplace_id = ${marketplaceId}`,
      sql`d.resource = ${resource}`,
      ...parentCondition('d', parents),
      ...extra,
    ],
    sql` AND `,
  );
}

/** ID plus Name when the model has one: what `search` looks in unless the resource says otherwise. */
export function defaultSearchable(resource: ListedResource): string[] {
  return ['ID', 'Name'].filter((field) => field in resource.model.fields);
}

export function defaultSortable(resource: ListedResource): string[] {
  const dates = ['DateCreated', 'LastUpdated'].filter((field) => field in resource.model.fields);
  return [...(resource.searchable ?? defaultSearchable(resource)), ...dates];
}
