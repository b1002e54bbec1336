import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SyncBatchPayload, SyncRunView } from '@portal/contracts';
import { millisecondsInterval } from '../../cluster/db-clock.ts';
import type { Db } from '../../db/database.ts';
import { recordDeliveries, type NewDelivery } from '../delivery/deliveries.ts';
import type { DeliveryTarget } from '../delivery/targets.ts';
import type { Item } from '../engine/item.ts';
import { rowsOf } from '../../db/rows.ts';
import { ENTITY_SOURCES } from './metadata.ts';
import { readPage } from './reader.ts';
import { syncTargets, type SyncRequest } from './requests.ts';

/** A run whose reading has been silent this long was interrupted (its process died). */
export const STALE_SYNC_MS = 60_000;
/** A run interrupted this many times ends Failed instead of starting again. */
export const MAX_SYNC_ATTEMPTS = 3;

export interface SyncRunRow {
  id: string;
  marketplace_id: string;
  entity: string;
  kind: 'Product' | 'Order' | 'Entity';
  parameters: Record<string, string>;
  status: 'Queued' | 'Reading' | 'Read' | 'Failed';
  item_count: number;
  batch_count: number;
  error: string | null;
  requested_by: string | null;
  attempts: number;
  created_at: string | Date;
  started_at: string | Date | null;
  heartbeat_at: string | Date | null;
  read_at: string | Date | null;
}

interface DeliveryCounts {
  total: number;
  delivered: number;
  failed: number;
  not_delivered: number;
  items_delivered: number;
  last_completed: string | Date | null;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function runView(row: SyncRunRow, counts: DeliveryCounts | undefined): SyncRunView {
  const total = Number(counts?.total ?? 0);
  const delivered = Number(counts?.delivered ?? 0);
  const failed = Number(counts?.failed ?? 0);
  const notDelivered = Number(counts?.not_delivered ?? 0);
  const pending = total - delivered - failed - notDelivered;
  let status: SyncRunView['Status'];
  if (row.status !== 'Read') status = row.status;
  else if (pending > 0) status = 'Delivering';
  // Targets this platform does not send to are shown in the counts, not held against the run.
  else status = failed > 0 ? 'CompletedWithErrors' : 'Completed';
  const done = status === 'Completed' || status === 'CompletedWithErrors';
  return {
    ID: row.id,
    Entity: row.entity,
    Kind: row.kind,
    Parameters: row.parameters,
    Status: status,
    ItemCount: row.item_count,
    BatchCount: row.batch_count,
    Deliveries: { Total: total, Delivered: delivered, Failed: failed, NotDelivered: notDelivered, Pending: pending },
    ItemsDelivered: Number(counts?.items_delivered ?? 0),
    Error: row.error,
    RequestedBy: row.requested_by,
    DateCreated: iso(row.created_at) as string,
    DateCompleted: done ? (iso(counts?.last_completed ?? null) ?? iso(row.read_at)) : null,
  };
}

async function countsOf(db: Db, ids: readonly string[]): Promise<Map<string, DeliveryCounts>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<DeliveryCounts & { source_id: string }>(
    db,
    sql`SELECT source_id, count(*) AS total,
               count(*) FILTER (WHERE status = 'Delivered') AS delivered,
               count(*) FILTER (WHERE status = 'Failed') AS failed,
               count(*) FILTER (WHERE status = 'NotDelivered') AS not_delivered,
               coalesce(sum(item_count) FILTER (WHERE status = 'Delivered'), 0) AS items_delivered,
               max(completed_at) AS last_completed
        FROM platform.deliveries WHERE source = 'Sync' AND source_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        GROUP BY source_id`,
  );
  return new Map(rows.map((row) => [row.source_id, row]));
}

/** The newest runs of a marketplace (the pages' "recent runs"), optionally of one kind. */
export async function listSyncRuns(db: Db, marketplaceId: string, kind?: string, limit = 10): Promise<SyncRunView[]> {
  const rows = await rowsOf<SyncRunRow>(
    db,
    sql`SELECT * FROM platform.sync_runs WHERE marketplace_id = ${marketplaceId}
          ${kind ? sql`AND kind = ${kind}` : sql``}
        ORDER BY created_at DESC, id LIMIT ${limit}`,
  );
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => runView(row, counts.get(row.id)));
}

export async function getSyncRun(db: Db, marketplaceId: string, runId: string): Promise<SyncRunView | undefined> {
  const [row] = await rowsOf<SyncRunRow>(
    db,
    sql`SELECT * FROM platform.sync_runs WHERE id = ${runId} AND marketplace_id = ${marketplaceId}`,
  );
  return row ? runView(row, (await countsOf(db, [row.id])).get(row.id)) : undefined;
}

/** Records a run waiting for its job, once the marketplace has somewhere to deliver it (else a 404). */
export async function startSync(
  db: Db,
  marketplaceId: string,
  request: SyncRequest,
  requestedBy: string | null,
): Promise<SyncRunView> {
  await syncTargets(db, marketplaceId);
  const [row] = await rowsOf<SyncRunRow>(
    db,
    sql`INSERT INTO platform.sync_runs (id, marketplace_id, entity, kind, parameters, status, requested_by)
        VALUES (${randomUUID()}, ${marketplaceId}, ${request.entity}, ${request.kind},
          ${JSON.stringify(request.parameters)}::jsonb, 'Queued', ${requestedBy})
        RETURNING *`,
  );
  return runView(row as SyncRunRow, undefined);
}

/** What a run reads: a list operation with its path parameters and query. */
interface ReadPlan {
  operationId: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
}

function planOf(run: SyncRunRow): ReadPlan {
  const p = run.parameters;
  if (run.kind === 'Product') {
    return {
      operationId: 'Products.List',
      params: {},
      query: { catalogID: p.CatalogID ?? '', ...(p.CategoryID ? { categoryID: p.CategoryID } : {}) },
    };
  }
  if (run.kind === 'Order') {
    // Submitted orders only: DateSubmitted within the range (an unsubmitted order has none).
    const range = [...(p.StartDate ? [`>=${p.StartDate}`] : []), ...(p.EndDate ? [`<=${p.EndDate}`] : [])];
    return {
      operationId: 'Orders.List',
      params: { direction: 'All' },
      query: { Status: '!Unsubmitted', ...(range.length > 0 ? { DateSubmitted: range } : {}) },
    };
  }
  const source = ENTITY_SOURCES.find((entry) => entry.model.EntityName === run.entity);
  if (!source) throw new Error(`No entity ${run.entity} to sync.`);
  const params = Object.fromEntries(
    Object.entries(source.pathParams).map(([param, attribute]) => [param, p[attribute] ?? '']),
  );
  return {
    operationId: source.listOperation,
    params,
    query: { ...(source.fixedQuery ?? {}), ...(p.ID ? { ID: p.ID } : {}) },
  };
}

/** An order with its line items, as an order sync delivers it. */
async function withLineItems(db: Db, marketplaceId: string, orders: Item[]): Promise<Item[]> {
  const entries: Item[] = [];
  for (const order of orders) {
    const lineItems: Item[] = [];
    for (let page = 1; ; page += 1) {
      const lines = await readPage(
        db,
        marketplaceId,
        'LineItems.List',
        { direction: 'All', orderID: String(order.ID) },
        {},
        page,
      );
      lineItems.push(...(lines.Items as Item[]));
      if (page >= lines.Meta.TotalPages) break;
    }
    entries.push({ Order: order, LineItems: lineItems });
  }
  return entries;
}

/**
 * Reads a queued run page by page (100 entities a batch) and records each batch as one delivery per
 * target, in one transaction with the run's counts, so a run interrupted by a crash resumes after its
 * last recorded batch and never sends a batch twice. Answers the deliveries to queue.
 */
export async function readSyncRun(
  db: Db,
  runId: string,
  onBatch: (deliveryIds: string[]) => Promise<void> = async () => undefined,
): Promise<SyncRunView | undefined> {
  const [run] = await rowsOf<SyncRunRow>(
    db,
    sql`UPDATE platform.sync_runs SET status = 'Reading', attempts = attempts + 1,
          started_at = coalesce(started_at, now()), heartbeat_at = now()
        WHERE id = ${runId} AND status = 'Queued' RETURNING *`,
  );
  if (!run) return undefined;
  const marketplaceId = run.marketplace_id;
  try {
    const targets: DeliveryTarget[] = await syncTargets(db, marketplaceId);
    const plan = planOf(run);
    for (let page = run.batch_count + 1; ; page += 1) {
      const read = await readPage(db, marketplaceId, plan.operationId, plan.params, plan.query, page);
      const items = run.kind === 'Order' ? await withLineItems(db, marketplaceId, read.Items as Item[]) : read.Items;
      const totalPages = Math.max(read.Meta.TotalPages, 1);
      const isLast = page >= totalPages;
      const payload: SyncBatchPayload = {
        SyncRunID: run.id,
        MarketplaceID: marketplaceId,
        Entity: run.entity,
        Parameters: run.parameters,
        Batch: page,
        IsLastBatch: isLast,
        // Data for the receiver, compared with no deadline: this process's clock will do.
        Date: new Date().toISOString(),
        Items: items,
      };
      const deliveries: NewDelivery[] = targets.map((target) => ({
        marketplaceId,
        source: 'Sync',
        sourceId: run.id,
        payloadKind: `${run.entity} batch ${page} of ${totalPages}`,
        target,
        payload,
        itemCount: items.length,
      }));
      const ids = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const recorded = await recordDeliveries(tx, deliveries);
        await tx.execute(
          sql`UPDATE platform.sync_runs SET batch_count = ${page}, item_count = item_count + ${items.length},
                heartbeat_at = now(), status = ${isLast ? 'Read' : 'Reading'},
                read_at = ${isLast ? sql`now()` : sql`NULL::timestamptz`}
              WHERE id = ${run.id}`,
        );
        return recorded;
      });
      await onBatch(ids);
      if (isLast) break;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(
      sql`UPDATE platform.sync_runs SET status = 'Failed', error = ${message}, read_at = now() WHERE id = ${run.id}`,
    );
  }
  return getSyncRun(db, marketplaceId, run.id);
}

/**
 * Runs whose reading went silent (process died) go back to Queued to resume, or fail after
 * MAX_SYNC_ATTEMPTS; answers the runs that are waiting (their queued job may have been lost).
 * Heartbeats are the database's time and so is the comparison: a run read by a process whose clock
 * is behind is never taken for a silent one.
 */
export async function syncUpkeep(db: Db): Promise<string[]> {
  const staleBefore = sql`clock_timestamp() - ${millisecondsInterval(STALE_SYNC_MS)}`;
  await db.execute(
    sql`UPDATE platform.sync_runs
        SET status = CASE WHEN attempts >= ${MAX_SYNC_ATTEMPTS} THEN 'Failed' ELSE 'Queued' END,
            error = CASE WHEN attempts >= ${MAX_SYNC_ATTEMPTS} THEN 'Reading was interrupted too many times.' ELSE error END
        WHERE status = 'Reading' AND heartbeat_at < ${staleBefore}`,
  );
  const waiting = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM platform.sync_runs WHERE status = 'Queued' AND created_at < ${staleBefore} ORDER BY created_at`,
  );
  return waiting.map((row) => row.id);
}
