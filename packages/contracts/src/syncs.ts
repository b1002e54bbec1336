/**
 * Product, order and entity syncs on the wire (spec 1 §3, §7): the platform's management API and the
 * portal service both take these shapes from here, and so do the sync pages.
 */

/** One field of an entity sync's form (spec 1 §3). Internal attributes are filled in by the server. */
export interface EntitySyncAttribute {
  Name: string;
  DisplayName: string;
  Type: 'string' | 'boolean' | 'integer';
  Required: boolean;
  Internal: boolean;
  Comment: string;
}

/** An entity that can be synced: POST its `Route` (under the portal service) to sync it. */
export interface EntitySyncModel {
  EntityName: string;
  Route: string;
  Attributes: EntitySyncAttribute[];
}

export interface EntitySyncMetadata {
  EntitySyncModels: EntitySyncModel[];
}

/** `POST /synchronizecatalog` (besides `Recaptcha`). */
export interface ProductSyncRequest {
  CatalogID: string;
  CategoryID?: string | null;
}

/** `POST /synchronizeorders` (besides `Recaptcha`): ISO date-times, both optional. */
export interface OrderSyncRequest {
  StartDate?: string | null;
  EndDate?: string | null;
}

/**
 * Queued (waiting for its job), Reading (reading entities and queueing batches), Delivering (every
 * batch queued, some not yet delivered), Completed (every delivery ended, none Failed; targets this
 * platform does not send to are counted as NotDelivered), CompletedWithErrors (all ended, some
 * Failed), Failed (reading failed).
 */
export type SyncRunStatus = 'Queued' | 'Reading' | 'Delivering' | 'Completed' | 'CompletedWithErrors' | 'Failed';

/** A sync run and its counts, as the page's "recent runs" shows it. */
export interface SyncRunView {
  ID: string;
  /** Products, Orders, or the entity name of an entity sync. */
  Entity: string;
  Kind: 'Product' | 'Order' | 'Entity';
  Parameters: Record<string, string>;
  Status: SyncRunStatus;
  /** Entities read so far. */
  ItemCount: number;
  BatchCount: number;
  /** Deliveries of the run (batches × receiving targets) by outcome. */
  Deliveries: { Total: number; Delivered: number; Failed: number; NotDelivered: number; Pending: number };
  /** Entities in deliveries that ended Delivered. */
  ItemsDelivered: number;
  Error: string | null;
  RequestedBy: string | null;
  DateCreated: string;
  DateCompleted: string | null;
}

export interface SyncRunList {
  Items: SyncRunView[];
}

/** The payload of one sync batch, POSTed signed to each receiving target. */
export interface SyncBatchPayload {
  SyncRunID: string;
  MarketplaceID: string;
  Entity: string;
  Parameters: Record<string, string>;
  /** 1-based; BatchCount is known once the run has read everything, so each batch says whether it is the last. */
  Batch: number;
  IsLastBatch: boolean;
  Date: string;
  Items: unknown[];
}

/**
 * Why an order sync's dates are refused (spec 1 §5: the start not later than the end, not in the
 * future), or undefined when they are fine. The page disables Submit on it; the servers refuse on it.
 */
export function orderSyncDatesError(start: Date | undefined, end: Date | undefined, now: Date): string | undefined {
  if (start && end && start.getTime() > end.getTime()) return 'StartDate must not be later than EndDate.';
  if (start && start.getTime() > now.getTime()) return 'StartDate must not be in the future.';
  return undefined;
}
