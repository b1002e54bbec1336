import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryAttemptView, DeliveryList, DeliveryView } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { DeliveryRow } from './deliveries.ts';

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: string | Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

function deliveryView(row: DeliveryRow, attempts: DeliveryAttemptView[]): DeliveryView {
  return {
    ID: row.id,
    Source: row.source,
    SourceID: row.source_id,
    PayloadKind: row.payload_kind,
    TargetKind: row.target_kind,
    Target: row.target,
    Status: row.status,
    ItemCount: row.item_count,
    Attempts: row.attempts,
    LastStatusCode: row.last_status_code,
    LastDurationMs: row.last_duration_ms,
    LastError: row.last_error,
    NextAttemptAt: row.status === 'Retrying' ? iso(row.next_attempt_at) : null,
    DateCreated: iso(row.created_at) as string,
    DateCompleted: iso(row.completed_at),
    AttemptLog: attempts,
  };
}

export interface DeliveryFilter {
  source?: string | undefined;
  sourceId?: string | undefined;
  page: number;
  pageSize: number;
}

/** A marketplace's delivery log, newest first, each delivery with its attempts (never its body or keys). */
export async function listDeliveries(db: Db, marketplaceId: string, filter: DeliveryFilter): Promise<DeliveryList> {
  const conditions: SQL[] = [sql`marketplace_id = ${marketplaceId}`];
  if (filter.source) conditions.push(sql`source = ${filter.source}`);
  if (filter.sourceId) conditions.push(sql`source_id = ${filter.sourceId}`);
  const where = sql.join(conditions, sql` AND `);
  const [counted] = await rowsOf<{ total: string | number }>(
    db,
    sql`SELECT count(*) AS total FROM platform.deliveries WHERE ${where}`,
  );
  const rows = await rowsOf<DeliveryRow>(
    db,
    sql`SELECT * FROM platform.deliveries WHERE ${where} ORDER BY created_at DESC, id
        LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`,
  );
  const ids = rows.map((row) => row.id);
  const attempts =
    ids.length === 0
      ? []
      : await rowsOf<AttemptRow>(
          db,
          sql`SELECT * FROM platform.delivery_attempts
              WHERE delivery_id IN (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )}) ORDER BY attempt`,
        );
  const byDelivery = new Map<string, DeliveryAttemptView[]>();
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.delivery_id) ?? [];
    list.push({
      Attempt: attempt.attempt,
      StartedAt: iso(attempt.started_at) as string,
      StatusCode: attempt.status_code,
      DurationMs: attempt.duration_ms,
      Error: attempt.error,
    });
    byDelivery.set(attempt.delivery_id, list);
  }
  const total = Number(counted?.total ?? 0);
  return {
    Items: rows.map((row) => deliveryView(row, byDelivery.get(row.id) ?? [])),
    Meta: {
      Page: filter.page,
      PageSize: filter.pageSize,
      TotalCount: total,
      TotalPages: Math.ceil(total / filter.pageSize),
    },
  };
}
