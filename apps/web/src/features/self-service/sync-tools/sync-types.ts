// A copy of the shapes in apps/server/src/contracts/syncs.ts and deliveries.ts that the sync pages read: the web
// app is built on its own, so it keeps them here. Change them together.

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

export type SyncRunStatus = 'Queued' | 'Reading' | 'Delivering' | 'Completed' | 'CompletedWithErrors' | 'Failed';

/** A sync run and its counts (`GET /syncs`, and the answer of every trigger). */
export interface SyncRun {
  ID: string;
  /** Products, Orders, or the entity name of an entity sync. */
  Entity: string;
  Kind: 'Product' | 'Order' | 'Entity';
  Parameters: Record<string, string>;
  Status: SyncRunStatus;
  ItemCount: number;
  BatchCount: number;
  Deliveries: { Total: number; Delivered: number; Failed: number; NotDelivered: number; Pending: number };
  ItemsDelivered: number;
  Error: string | null;
  RequestedBy: string | null;
  DateCreated: string;
  DateCompleted: string | null;
}

export type DeliveryStatus = 'Pending' | 'Sending' | 'Retrying' | 'Delivered' | 'Failed' | 'NotDelivered';

/** One signed POST of a batch to one destination (`GET /deliveries?source=Sync&sourceID=`). */
export interface Delivery {
  ID: string;
  PayloadKind: string;
  TargetKind: string;
  Target: string;
  Status: DeliveryStatus;
  ItemCount: number;
  Attempts: number;
  LastStatusCode: number | null;
  LastDurationMs: number | null;
  LastError: string | null;
  DateCreated: string;
}
