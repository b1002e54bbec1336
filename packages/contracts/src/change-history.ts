/**
 * The hosted platform's change history (issue 23): one record per successful write, kept in the write's own
 * transaction. The platform's management API answers these shapes; the portal service checks who may read them
 * and relays them to the web app's History tab and Activity page.
 */

/** Who made a change, as the web app shows it. */
export type ChangeActorType = 'MarketplaceOwner' | 'Buyer' | 'Supplier' | 'PortalDeveloper';

/** What kind of write a record is. `Action` covers order actions, password and client-secret changes and the like. */
export type ChangeKind = 'Create' | 'Save' | 'Patch' | 'Delete' | 'Assign' | 'Unassign' | 'Action';

/**
 * One changed field. `Path` is dot-separated (`xp.Color`, `PriceBreaks`). A secret (password, client secret, shared
 * or hash key) carries `Secret: true` and never its values.
 */
export interface ChangedField {
  Path: string;
  Old?: unknown;
  New?: unknown;
  Secret?: true;
}

export interface ChangeActor {
  ID: string;
  Username: string;
  Type: ChangeActorType;
  /** Buyer or supplier id of a buyer or supplier user; null otherwise. */
  CompanyID: string | null;
}

export interface ChangeRecord {
  /** Increasing, opaque to clients: newer records have larger ids. */
  ID: string;
  /** ISO 8601, from the database clock. */
  Time: string;
  MarketplaceID: string;
  /** The operation's id, as the API description names it (`Products.Patch`, `Orders.Submit`). */
  OperationID: string;
  Kind: ChangeKind;
  /** The registry's resource name (`Products`, `PriceSchedules`, `Orders`, an assignment kind for assignments). */
  ResourceType: string;
  ResourceID: string;
  /** Parent ids, outermost first (`['buyer1']` for a buyer's user). */
  ParentIDs: string[];
  Actor: ChangeActor;
  ClientID: string;
  /** Id of the impersonating user when the token was issued through impersonation. */
  ImpersonatorID: string | null;
  RequestID: string | null;
  Changes: ChangedField[];
  /** A deleted object's last state (secrets left out), so it can be looked at and recreated. */
  LastState: Record<string, unknown> | null;
}

/** Filters of a history read; every one optional. Times are ISO 8601, `From` inclusive and `To` exclusive. */
export interface ChangeHistoryQuery {
  UserID?: string;
  ClientID?: string;
  ResourceType?: string;
  ResourceID?: string;
  /** Parent ids joined with '/', for a nested resource's History tab. */
  ParentIDs?: string;
  OperationID?: string;
  RequestID?: string;
  From?: string;
  To?: string;
  /** The previous page's `NextPageKey` (keyset paging, newest first). */
  PageKey?: string;
  /** 1 to 100, default 20. */
  PageSize?: number;
}

export interface ChangeHistoryPage {
  Items: ChangeRecord[];
  Meta: { PageSize: number; NextPageKey: string | null };
}

/** Days a record is kept by default (CHANGE_HISTORY_DAYS). */
export const CHANGE_HISTORY_DEFAULT_DAYS = 90;
