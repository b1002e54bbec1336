import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { ReceivedDetail, ReceivedKind, ReceivedSummary } from '@portal/contracts';
import { receivedRequests } from './db/schema.ts';
import { storableText } from './storable.ts';

/** How many requests the receiver keeps per marketplace; older ones go as new ones arrive. */
export const RECEIVED_KEPT = 200;
/** How much of a body is kept: a sync batch of 100 orders with their line items (about 600 KB) fits. */
export const MAX_STORED_BODY_BYTES = 1024 * 1024;

export interface IncomingRequest {
  marketplaceId: string;
  method: string;
  kind: ReceivedKind;
  summary: string;
  deliveryId: string | null;
  headers: Record<string, string>;
  body: Buffer;
}

type Row = typeof receivedRequests.$inferSelect;

function summaryOf(row: Row): ReceivedSummary {
  return {
    ID: String(row.seq),
    DateReceived: new Date(row.receivedAt).toISOString(),
    Method: row.method,
    Kind: row.kind as ReceivedKind,
    Summary: row.summary,
    DeliveryID: row.deliveryId,
    Outcome: row.outcome === 'Duplicate' ? 'Duplicate' : 'Accepted',
    ResponseStatus: row.responseStatus,
    BodyBytes: row.bodyBytes,
    BodyTruncated: row.bodyTruncated,
  };
}

/** The body as storable text, cut at MAX_STORED_BODY_BYTES (on a character boundary). */
function storedBody(body: Buffer): { text: string; truncated: boolean } {
  if (body.length <= MAX_STORED_BODY_BYTES) return { text: storableText(body.toString('utf8')), truncated: false };
  // A character cut in half at the limit decodes as U+FFFD: dropped, as the rest of it is.
  const text = body
    .subarray(0, MAX_STORED_BODY_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { text: storableText(text), truncated: true };
}

/**
 * Records a request and trims the marketplace's oldest beyond RECEIVED_KEPT, in one transaction. A
 * delivery id already accepted is a repeat (the platform delivers at least once): it is recorded as
 * Duplicate so the inspector shows it arrived twice, and the caller answers it 200 all the same.
 */
export async function recordReceived(db: Db, request: IncomingRequest): Promise<ReceivedSummary> {
  const { text, truncated } = storedBody(request.body);
  return db.transaction(async (tx) => {
    const seen = request.deliveryId
      ? await tx
          .select({ seq: receivedRequests.seq })
          .from(receivedRequests)
          .where(
            and(
              eq(receivedRequests.marketplaceId, request.marketplaceId),
              eq(receivedRequests.deliveryId, request.deliveryId),
            ),
          )
          .limit(1)
      : [];
    const [row] = await tx
      .insert(receivedRequests)
      .values({
        marketplaceId: request.marketplaceId,
        method: request.method,
        kind: request.kind,
        summary: request.summary,
        deliveryId: request.deliveryId,
        outcome: seen.length > 0 ? 'Duplicate' : 'Accepted',
        responseStatus: 200,
        headers: request.headers,
        body: text,
        bodyBytes: request.body.length,
        bodyTruncated: truncated,
      })
      .returning();
    await tx.execute(sql`DELETE FROM receiver.received_requests
      WHERE marketplace_id = ${request.marketplaceId} AND seq < (
        SELECT min(seq) FROM (SELECT seq FROM receiver.received_requests
          WHERE marketplace_id = ${request.marketplaceId} ORDER BY seq DESC LIMIT ${RECEIVED_KEPT}) AS kept)`);
    return summaryOf(row as Row);
  });
}

/** The marketplace's received requests of the given kinds, newest first; `before` pages on from an ID. */
export async function listReceived(
  db: Db,
  marketplaceId: string,
  kinds: readonly ReceivedKind[],
  options: { limit: number; before?: number },
): Promise<ReceivedSummary[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .select()
    .from(receivedRequests)
    .where(
      and(
        eq(receivedRequests.marketplaceId, marketplaceId),
        inArray(receivedRequests.kind, [...kinds]),
        options.before === undefined ? undefined : lt(receivedRequests.seq, options.before),
      ),
    )
    .orderBy(desc(receivedRequests.seq))
    .limit(options.limit);
  return rows.map(summaryOf);
}

/** One received request of the marketplace with its headers and body, if it is of a kind the caller may read. */
export async function getReceived(
  db: Db,
  marketplaceId: string,
  kinds: readonly ReceivedKind[],
  id: number,
): Promise<ReceivedDetail | undefined> {
  if (kinds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(receivedRequests)
    .where(
      and(
        eq(receivedRequests.marketplaceId, marketplaceId),
        eq(receivedRequests.seq, id),
        inArray(receivedRequests.kind, [...kinds]),
      ),
    );
  return row ? { ...summaryOf(row), Headers: row.headers, Body: row.body } : undefined;
}
