import type { ReceivedDetail, ReceivedKind, ReceivedSummary } from '@portal/contracts';

/** Where the inspector lives: a self-service tool beside the sync tools (self-service-tools.ts). */
export const RECEIVED_DELIVERIES_PATH = '/self-service/received-deliveries';

export const RECEIVED_TEXTS = {
  heading: 'Received deliveries',
  unauthorized:
    'You are not authorized to view the deliveries the receiver got. Please contact your organization administrator to adjust your permissions.',
  empty:
    'The receiver has not received anything in this marketplace yet. Run a sync from the sync tools: its batches show here within seconds.',
} as const;

export const KIND_LABEL: Record<ReceivedKind, string> = {
  Sync: 'Sync',
  Webhook: 'Webhook',
  StagingRestore: 'Staging restore',
  Other: 'Other',
};

/** The receiver's answer in words: a repeated delivery id is answered 200 too, but not processed again. */
export function outcomeText(item: Pick<ReceivedSummary, 'Outcome' | 'ResponseStatus'>): string {
  return item.Outcome === 'Duplicate'
    ? `Duplicate, answered ${item.ResponseStatus} (already received)`
    : `Accepted, answered ${item.ResponseStatus}`;
}

/** A size in bytes as people read it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The body as the inspector shows it: parsed JSON when it is whole JSON, else the text as it came. */
export function bodyValue(detail: Pick<ReceivedDetail, 'Body' | 'BodyTruncated'>): unknown {
  if (detail.BodyTruncated) return detail.Body;
  try {
    return JSON.parse(detail.Body) as unknown;
  } catch {
    return detail.Body;
  }
}
