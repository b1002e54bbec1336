/**
 * The platform's delivery log on the wire: the management API answers it and the portal service and
 * its pages read it, so every side takes the shapes from here.
 */

/** What asked for a delivery. */
export type DeliverySource = 'Webhook' | 'Sync' | 'StagingRestore';

/**
 * Pending (queued), Sending (an attempt is under way), Retrying (waiting for the next attempt after a
 * 5xx or network error), Delivered (2xx), Failed (4xx, or out of attempts), NotDelivered (a target
 * kind this platform does not send to, or a disabled delivery configuration).
 */
export type DeliveryStatus = 'Pending' | 'Sending' | 'Retrying' | 'Delivered' | 'Failed' | 'NotDelivered';

export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['Delivered', 'Failed', 'NotDelivered'];

/** One attempt at a delivery. */
export interface DeliveryAttemptView {
  Attempt: number;
  StartedAt: string;
  /** The receiver's HTTP status; null when it could not be reached or did not answer in time. */
  StatusCode: number | null;
  DurationMs: number;
  Error: string | null;
}

/** One delivery (a signed POST to one destination) with its attempts. */
export interface DeliveryView {
  /**
   * The delivery's id, sent with every attempt in the `X-Delivery-Id` header (the same on a retry),
   * so a receiver that already has it can drop the repeat.
   */
  ID: string;
  Source: DeliverySource;
  /** The webhook, sync run or restore it belongs to. */
  SourceID: string | null;
  /** What was sent, e.g. `PUT v1/products/{productID}` or `Products batch 2 of 3`. */
  PayloadKind: string;
  /** Url (a webhook's own URL), Http, SearchIngestion, or the kind it was not delivered to (Kafka...). */
  TargetKind: string;
  /** The URL posted to, or the delivery configuration and target that was not delivered to. */
  Target: string;
  Status: DeliveryStatus;
  /** Entities in the payload (a sync batch); 0 for other payloads. */
  ItemCount: number;
  Attempts: number;
  LastStatusCode: number | null;
  LastDurationMs: number | null;
  LastError: string | null;
  NextAttemptAt: string | null;
  DateCreated: string;
  DateCompleted: string | null;
  AttemptLog: DeliveryAttemptView[];
}

export interface DeliveryList {
  Items: DeliveryView[];
  Meta: { Page: number; PageSize: number; TotalCount: number; TotalPages: number };
}
