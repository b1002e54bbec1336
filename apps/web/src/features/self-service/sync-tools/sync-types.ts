// The sync pages' wire shapes, from the declaration the servers answer with (packages/contracts).
import type { DeliveryView } from '@portal/contracts';

export type {
  DeliveryStatus,
  EntitySyncAttribute,
  EntitySyncModel,
  SyncRunStatus,
  SyncRunView as SyncRun,
} from '@portal/contracts';

/** What the pages read of a delivery (`GET /deliveries`). */
export type Delivery = Pick<
  DeliveryView,
  | 'ID'
  | 'PayloadKind'
  | 'TargetKind'
  | 'Target'
  | 'Status'
  | 'ItemCount'
  | 'Attempts'
  | 'LastStatusCode'
  | 'LastDurationMs'
  | 'LastError'
  | 'DateCreated'
>;
