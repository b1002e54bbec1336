/**
 * Search indexes on the wire (spec 1 §3): the platform's management API answers them and the portal
 * service reads them over HTTP, so both sides take the shapes from here rather than from each other.
 */

/** The two kinds of search index a marketplace has. */
export const SEARCH_INDEX_TYPES = ['Products', 'Orders'] as const;
export type SearchIndexType = (typeof SEARCH_INDEX_TYPES)[number];

export type SearchIndexStatus =
  'Ready' | 'WaitingToBuild' | 'Building' | 'Rebuilding' | 'Failed' | 'Invalid' | 'Canceled';

/** A search index as the management API and the portal show it. */
export interface SearchIndexView {
  IndexID: string;
  Type: SearchIndexType;
  Status: SearchIndexStatus;
  PercentComplete: number;
  DateCreated: string;
  IsActiveIndex: boolean;
  DateCompleted: string | null;
  /** Documents the build read, put in the index, and rejected. */
  TotalCount: number | null;
  DocumentCount: number | null;
  RejectedCount: number | null;
  /** Seconds from the start of the build to its end; null while it runs. */
  BuildSeconds: number | null;
}

/** A document a build rejected, and why. */
export interface SearchIndexErrorView {
  ThingID: string;
  FailedOn: string;
  ErrorText: string;
}
