import type { ChangeHistoryPage, ChangeRecord } from '@portal/contracts';
import { buildCsv, type ExportItem } from '../export/export-csv';
import { fieldChangeText } from '../history/field-diff';

// THE ACTIVITY EXPORT (pure core)
// Pages through the records the filters match (keyset: each page names the next), and writes one CSV row per record
// with its changes as text. Cancelling is an AbortSignal; the CSV writing (formula escaping) is the list export's.

/** The portal service's largest page. */
export const ACTIVITY_EXPORT_PAGE_SIZE = 100;

export const ACTIVITY_CSV_COLUMNS = [
  'Time',
  'User',
  'UserID',
  'UserType',
  'CompanyID',
  'Client',
  'ImpersonatorID',
  'Operation',
  'Kind',
  'ResourceType',
  'ResourceID',
  'ParentIDs',
  'RequestID',
  'Changes',
] as const;

/** One record as a CSV row; secrets read "changed" (the record holds no values for them anyway). */
export function activityCsvRow(record: ChangeRecord): ExportItem {
  return {
    Time: record.Time,
    User: record.Actor.Username,
    UserID: record.Actor.ID,
    UserType: record.Actor.Type,
    CompanyID: record.Actor.CompanyID,
    Client: record.ClientID,
    ImpersonatorID: record.ImpersonatorID,
    Operation: record.OperationID,
    Kind: record.Kind,
    ResourceType: record.ResourceType,
    ResourceID: record.ResourceID,
    ParentIDs: record.ParentIDs.join('/'),
    RequestID: record.RequestID,
    Changes: record.Changes.map(fieldChangeText).join('; '),
  };
}

/** The records as CSV text, a header row first. */
export function activityCsv(records: readonly ChangeRecord[]): string {
  return buildCsv(records.map(activityCsvRow), ACTIVITY_CSV_COLUMNS);
}

/** Reads one page after `pageKey` (none for the first). */
export type ActivityPageReader = (
  pageKey: string | undefined,
  pageSize: number,
  signal: AbortSignal,
) => Promise<ChangeHistoryPage>;

/**
 * Every record the filters match, page by page, reporting how many are read after each page. Rejects with the
 * signal's reason as soon as it is aborted (no further page is requested).
 *
 * @example
 * const { csv, rows } = await exportActivityCsv({ readPage, signal, onProgress: (done) => show(done) });
 */
export async function exportActivityCsv(request: {
  readPage: ActivityPageReader;
  signal: AbortSignal;
  onProgress?: (done: number) => void;
}): Promise<{ csv: string; rows: number }> {
  const { readPage, signal, onProgress } = request;
  const records: ChangeRecord[] = [];
  let pageKey: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    signal.throwIfAborted();
    const page = await readPage(pageKey, ACTIVITY_EXPORT_PAGE_SIZE, signal);
    signal.throwIfAborted();
    records.push(...page.Items);
    onProgress?.(records.length);
    const next = page.Meta.NextPageKey;
    // An empty page, or a key met before (a server bug would loop forever), ends the walk.
    if (!next || page.Items.length === 0 || seen.has(next)) break;
    seen.add(next);
    pageKey = next;
  }
  return { csv: activityCsv(records), rows: records.length };
}
