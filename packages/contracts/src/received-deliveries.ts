/** What kind of delivery the demo receiver got, read from its body (docs/deliveries.md). */
export const RECEIVED_KINDS = ['Sync', 'Webhook', 'StagingRestore', 'Other'] as const;
export type ReceivedKind = (typeof RECEIVED_KINDS)[number];

/** A request the demo receiver accepted, as the inspector lists it (`GET /portal-api/receiver/requests`). */
export interface ReceivedSummary {
  /** Increasing: a newer request has a larger ID. */
  ID: string;
  DateReceived: string;
  Method: string;
  Kind: ReceivedKind;
  /** One line on the body: "Products, batch 1 (last), 100 items", "PUT v1/products/{productID}". */
  Summary: string;
  /** The `X-Delivery-Id` it came with (the delivery's ID in the platform's delivery log). */
  DeliveryID: string | null;
  /** Duplicate: a delivery id that had arrived before, answered 200 and not processed again. */
  Outcome: 'Accepted' | 'Duplicate';
  /** What the receiver answered. */
  ResponseStatus: number;
  BodyBytes: number;
  /** The body was longer than the receiver keeps; the start of it is kept. */
  BodyTruncated: boolean;
}

/** One received request with what was sent (`GET /portal-api/receiver/requests/{id}`). */
export interface ReceivedDetail extends ReceivedSummary {
  /** The headers of interest (content type, length, user agent, X-Delivery-Id, X-oc-hash). */
  Headers: Record<string, string>;
  Body: string;
}

export interface ReceivedList {
  Items: ReceivedSummary[];
  /** Where the receiver listens for the marketplace, and how many requests it keeps. */
  Meta: { ReceiverUrl: string; Kept: number };
}
