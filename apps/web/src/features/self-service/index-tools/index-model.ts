import type { PortalUser, SearchIndex, SearchIndexStatus, SearchIndexType } from '@/services/portal';

// TEXTS: spec 1 §2 "Index tools", word for word (the Orders empty state is ours: the spec gives only its meaning).

export const INDEX_TEXTS = {
  unauthorized:
    'You are not authorized to view search indicies and errors. Please contact your organization administrator to adjust your permissions.',
  activeErrorsTitle: 'Active search index errors found',
  activeErrorsBody:
    'The items listed below will not appear in a GET search because they were rejected from the active index.',
  failedTitle: 'Failed to rebuild index:',
  failedBody: 'The number of documents rejected from the index may be too high. Please review the errors below.',
  noErrors: 'No schema errors found.',
  failedWithoutErrors: 'Index rebuild failed. Please reach out to support if you need assistance troubleshooting.',
} as const;

export const EMPTY_TEXTS: Record<SearchIndexType, string> = {
  Products: 'You will need to create products first and make a list call to trigger a product index build.',
  Orders: 'You will need to submit an order first to trigger an order index build.',
};

/** Column heading of the rejected document's id in the error table. */
export const THING_ID_LABEL: Record<SearchIndexType, string> = { Products: 'Product ID', Orders: 'Order ID' };

// STATUS: spec 1 §4.

/** Statuses during which a build runs: the list is polled fast and another rebuild is refused. */
const IN_PROGRESS: ReadonlySet<SearchIndexStatus> = new Set(['Building', 'Rebuilding', 'WaitingToBuild']);

export const isInProgress = (status: SearchIndexStatus) => IN_PROGRESS.has(status);

/** Index list refresh: 2 s while any build runs, 15 s otherwise (spec 1 §4, §9). */
export const FAST_POLL_MS = 2_000;
export const SLOW_POLL_MS = 15_000;
/** Errors of the active index are polled at the slow pace (spec 1 §4). */
export const ERROR_POLL_MS = 15_000;

export function listPollInterval(indexes: readonly SearchIndex[] | undefined): number {
  return indexes?.some((index) => isInProgress(index.Status)) ? FAST_POLL_MS : SLOW_POLL_MS;
}

/** How a card looks: its label, colour palette, and whether it shows a progress ring or a loading mark. */
export interface CardLook {
  label: string;
  palette: 'green' | 'orange' | 'red' | 'blue' | 'gray';
  /** The progress ring with PercentComplete (Building, WaitingToBuild). */
  progressRing: boolean;
  /** WaitingToBuild has not started: the ring spins instead of showing a share. */
  loading: boolean;
}

/**
 * Ready reads 'Active' with a success look, or a warning look when the index rejected documents; builds show a
 * progress ring; Failed, Invalid and Canceled show an error look (spec 1 §4).
 *
 * @example
 * cardLook('Ready', true); // { label: 'Active', palette: 'orange', progressRing: false, loading: false }
 */
export function cardLook(status: SearchIndexStatus, hasErrors: boolean): CardLook {
  const plain = { progressRing: false, loading: false };
  switch (status) {
    case 'Ready':
      return { label: 'Active', palette: hasErrors ? 'orange' : 'green', ...plain };
    case 'WaitingToBuild':
      return { label: 'Waiting to build', palette: 'blue', progressRing: true, loading: true };
    case 'Building':
      return { label: 'Building', palette: 'blue', progressRing: true, loading: false };
    case 'Rebuilding':
      // The active index keeps serving searches while its successor builds.
      return { label: 'Rebuilding', palette: hasErrors ? 'orange' : 'green', ...plain };
    case 'Failed':
    case 'Invalid':
    case 'Canceled':
      return { label: status, palette: 'red', ...plain };
    default:
      return { label: String(status), palette: 'gray', ...plain };
  }
}

// CARDS: spec 1 §2 "Only the newest index per status is shown, newest first".

const created = (index: SearchIndex) => Date.parse(index.DateCreated) || 0;

/**
 * The indexes the tab shows as cards: per status the newest (the active index stands for its own status), newest
 * first. The first card is the one selected by default.
 */
export function visibleIndexes(indexes: readonly SearchIndex[]): SearchIndex[] {
  const byStatus = new Map<SearchIndexStatus, SearchIndex>();
  for (const index of indexes) {
    const kept = byStatus.get(index.Status);
    if (!kept || (!kept.IsActiveIndex && (index.IsActiveIndex || created(index) > created(kept)))) {
      byStatus.set(index.Status, index);
    }
  }
  return [...byStatus.values()].sort((a, b) => created(b) - created(a));
}

/** Ready indexes that are no longer active: kept after a swap, reported on the info card. */
export function oldIndexes(indexes: readonly SearchIndex[]): SearchIndex[] {
  return indexes
    .filter((index) => index.Status === 'Ready' && !index.IsActiveIndex)
    .sort((a, b) => created(b) - created(a));
}

/** The selected card: the chosen one while it is still listed, else the first. */
export function selectedIndex(cards: readonly SearchIndex[], chosenId: string | undefined): SearchIndex | undefined {
  return cards.find((index) => index.IndexID === chosenId) ?? cards[0];
}

/** How long a build took, in seconds: as the platform measured it, else from creation to completion. */
export function buildSeconds(index: SearchIndex): number | undefined {
  if (index.BuildSeconds != null) return index.BuildSeconds;
  if (!index.DateCompleted) return undefined;
  const ms = Date.parse(index.DateCompleted) - created(index);
  return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : undefined;
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

// ERRORS: which banner or text the selected index shows above (or instead of) its error table.

export type ErrorNotice = 'active-errors' | 'failed' | 'failed-without-errors' | 'no-errors' | 'errors';

export function errorNotice(index: SearchIndex, errorCount: number): ErrorNotice {
  if (index.Status === 'Failed') return errorCount > 0 ? 'failed' : 'failed-without-errors';
  if (errorCount === 0) return 'no-errors';
  return index.IsActiveIndex ? 'active-errors' : 'errors';
}

/** Where a rejected document opens in the marketplace explorer. */
export function thingPath(type: SearchIndexType, thingId: string): string {
  const id = encodeURIComponent(thingId);
  return type === 'Products' ? `/admin/products/${id}` : `/admin/orders/incoming/${id}`;
}

// ACCESS: spec 1 §6 "Index page".

const TAB_ROLES: Record<SearchIndexType, readonly string[]> = {
  Products: ['FullAccess', 'ProductReader', 'ProductAdmin'],
  Orders: ['FullAccess', 'OrderReader', 'OrderAdmin'],
};

/** Viewing a tab needs IndexAdmin or one of the tab's platform roles. */
export function canViewIndexes(type: SearchIndexType, me: PortalUser, roles: readonly string[]): boolean {
  return me.ScPermissionGrants.IndexAdmin || TAB_ROLES[type].some((role) => roles.includes(role));
}

/** Rebuilding needs IndexAdmin (the flag the spec leaves unnamed; the server checks the same). */
export const canRebuild = (me: PortalUser) => me.ScPermissionGrants.IndexAdmin;

// REBUILD: the build a rebuild started is the index its answer named, else the newest one the list did not
// hold before it.

export interface RebuildStart {
  /** The new index, when the rebuild answer named it. */
  indexId?: string;
  /** Index ids listed when the rebuild was accepted. */
  knownIds: ReadonlySet<string>;
}

export function startedBuild(indexes: readonly SearchIndex[], start: RebuildStart): SearchIndex | undefined {
  if (start.indexId) {
    const named = indexes.find((index) => index.IndexID === start.indexId);
    if (named) return named;
  }
  return indexes.filter((index) => !start.knownIds.has(index.IndexID)).sort((a, b) => created(b) - created(a))[0];
}

/** The summary of a finished build: documents indexed, rejected, and how long it took. */
export function buildSummary(index: SearchIndex): string {
  const parts: string[] = [];
  if (index.DocumentCount != null) parts.push(`${index.DocumentCount.toLocaleString()} indexed`);
  if (index.RejectedCount != null) parts.push(`${index.RejectedCount.toLocaleString()} rejected`);
  const seconds = buildSeconds(index);
  if (seconds !== undefined) parts.push(`in ${formatDuration(seconds)}`);
  return parts.join(', ');
}
