/**
 * The post-restore webhook of a Staging marketplace on the wire (spec 1 §3, §7): the platform's
 * management API and the portal service both take these shapes from here, and so does the page.
 * `GET /stagingrestorewebhook` answers 404 while none is saved.
 */

/** What is saved (`PUT /stagingrestorewebhook` takes the same). */
export interface StagingRestoreWebhook {
  URL: string;
  HashKey: string;
}

/**
 * The body POSTed (signed with the HashKey in `X-oc-hash`) after a restore completes, and by the
 * test request with `Test: true` and a sample restore.
 */
export interface PostRestorePayload {
  Event: 'StagingRestoreCompleted';
  Test: boolean;
  MarketplaceID: string;
  /** The Production marketplace copied from. */
  SourceMarketplaceID: string | null;
  Date: string;
}

/** What a restore run answers (the portal's `POST /stagingrestore`, the management API's `.../stagingrestore`). */
export interface StagingRestoreSummary {
  StagingMarketplaceID: string;
  /** The Production marketplace copied from. */
  SourceMarketplaceID: string;
  DocumentsCopied: number;
  AssignmentsCopied: number;
  /** Whether a saved post-restore webhook was notified. */
  Notified: boolean;
}
