import { sql, type SQL } from 'drizzle-orm';
import type {
  ChangeActorType,
  ChangeHistoryPage,
  ChangeHistoryQuery,
  ChangeKind,
  ChangeRecord,
  ChangedField,
} from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { validation } from '../engine/errors.ts';

const TEXT_FILTERS = [
  'UserID',
  'ClientID',
  'ResourceType',
  'ResourceID',
  'ParentIDs',
  'OperationID',
  'RequestID',
] as const;
const KNOWN = new Set<string>([...TEXT_FILTERS, 'From', 'To', 'PageKey', 'PageSize']);
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const MAX_TEXT = 400;

type RawQuery = Readonly<Record<string, unknown>>;

function single(raw: RawQuery, name: string): string | undefined {
  const value = raw[name];
  const last = Array.isArray(value) ? value.at(-1) : value;
  if (last === undefined || last === null || last === '') return undefined;
  if (typeof last !== 'string' && typeof last !== 'number')
    throw validation(`${name} must be text.`, { Property: name });
  return String(last);
}

function time(raw: RawQuery, name: 'From' | 'To'): string | undefined {
  const value = single(raw, name);
  if (value === undefined) return undefined;
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed))
    throw validation(`${name} must be an ISO 8601 date and time.`, { Property: name, Value: value });
  return new Date(parsed).toISOString();
}

/**
 * A history query from a request's query string, checked: unknown names, a page size outside 1 to 100, a page key
 * that is not a record id or a time that is not a date are 400s naming the parameter.
 */
export function parseChangeQuery(raw: RawQuery): ChangeHistoryQuery {
  for (const name of Object.keys(raw))
    if (!KNOWN.has(name)) throw validation(`${name} is not a change history filter.`, { Property: name });
  const query: ChangeHistoryQuery = {};
  for (const name of TEXT_FILTERS) {
    // ParentIDs given empty asks for top-level items only.
    const value = name === 'ParentIDs' && raw[name] === '' ? '' : single(raw, name);
    if (value === undefined) continue;
    if (value.length > MAX_TEXT) throw validation(`${name} is too long.`, { Property: name, MaxLength: MAX_TEXT });
    query[name] = value;
  }
  const from = time(raw, 'From');
  const to = time(raw, 'To');
  if (from !== undefined) query.From = from;
  if (to !== undefined) query.To = to;
  const pageKey = single(raw, 'PageKey');
  if (pageKey !== undefined) {
    if (!/^[1-9][0-9]{0,17}$/.test(pageKey))
      throw validation('PageKey is not a page key of this list.', { Property: 'PageKey' });
    query.PageKey = pageKey;
  }
  const pageSize = single(raw, 'PageSize');
  if (pageSize !== undefined) {
    const size = Number(pageSize);
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
      throw validation(`PageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, {
        Property: 'PageSize',
        Value: pageSize,
      });
    query.PageSize = size;
  }
  return query;
}

interface RecordRow {
  id: string | number;
  time: string | Date;
  marketplace_id: string;
  operation_id: string;
  kind: string;
  resource_type: string;
  resource_id: string;
  parent_key: string;
  actor_id: string;
  actor_username: string;
  actor_type: string;
  actor_company_id: string | null;
  client_id: string;
  impersonator_id: string | null;
  request_id: string | null;
  changes: ChangedField[];
  last_state: Record<string, unknown> | null;
}

function recordOf(row: RecordRow): ChangeRecord {
  return {
    ID: String(row.id),
    Time: new Date(row.time).toISOString(),
    MarketplaceID: row.marketplace_id,
    OperationID: row.operation_id,
    Kind: row.kind as ChangeKind,
    ResourceType: row.resource_type,
    ResourceID: row.resource_id,
    ParentIDs: row.parent_key === '' ? [] : row.parent_key.split('/'),
    Actor: {
      ID: row.actor_id,
      Username: row.actor_username,
      Type: row.actor_type as ChangeActorType,
      CompanyID: row.actor_company_id,
    },
    ClientID: row.client_id,
    ImpersonatorID: row.impersonator_id,
    RequestID: row.request_id,
    Changes: row.changes,
    LastState: row.last_state,
  };
}

/**
 * One page of a marketplace's records, newest first, filtered as the query asks. Keyset paging on the record id:
 * each page is an index range scan from the previous page's last id, however deep the page (no OFFSET).
 */
export async function readChanges(
  db: Db,
  marketplaceId: string,
  query: ChangeHistoryQuery,
): Promise<ChangeHistoryPage> {
  const pageSize = query.PageSize ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [sql`c.marketplace_id = ${marketplaceId}`];
  if (query.UserID !== undefined) conditions.push(sql`c.actor_id = ${query.UserID}`);
  if (query.ClientID !== undefined) conditions.push(sql`c.client_id = ${query.ClientID}`);
  if (query.ResourceType !== undefined) conditions.push(sql`c.resource_type = ${query.ResourceType}`);
  if (query.ResourceID !== undefined) conditions.push(sql`c.resource_id = ${query.ResourceID}`);
  if (query.ParentIDs !== undefined) conditions.push(sql`c.parent_key = ${query.ParentIDs}`);
  if (query.OperationID !== undefined) conditions.push(sql`c.operation_id = ${query.OperationID}`);
  if (query.RequestID !== undefined) conditions.push(sql`c.request_id = ${query.RequestID}`);
  if (query.From !== undefined) conditions.push(sql`c.time >= ${query.From}::timestamptz`);
  if (query.To !== undefined) conditions.push(sql`c.time < ${query.To}::timestamptz`);
  if (query.PageKey !== undefined) conditions.push(sql`c.id < ${query.PageKey}::bigint`);
  // One more than the page tells whether another page follows.
  const rows = await rowsOf<RecordRow>(
    db,
    sql`SELECT c.* FROM platform.change_records c WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY c.id DESC LIMIT ${pageSize + 1}`,
  );
  const items = rows.slice(0, pageSize).map(recordOf);
  const more = rows.length > pageSize;
  return { Items: items, Meta: { PageSize: pageSize, NextPageKey: more ? (items.at(-1)?.ID ?? null) : null } };
}
