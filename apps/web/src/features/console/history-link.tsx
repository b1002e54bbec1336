import { usePortalContext } from '@/app/portal/portal-context';
import { canReadActivity } from '@/features/admin/activity/activity-access';
import { ACTIVITY_PATH } from '@/features/admin/activity/activity-nav-link';
import { AppLink } from '@/ui/app-link';
import type { RequestLogEntry } from './lib/request-log';

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Whether a logged request changed something the change history recorded: a write answered 2xx with a request id. */
export function isRecordedWrite(entry: Pick<RequestLogEntry, 'method' | 'status' | 'requestId'>): boolean {
  return WRITE_METHODS.has(entry.method) && entry.status >= 200 && entry.status < 300 && Boolean(entry.requestId);
}

/** The Activity page filtered to one request. */
export function requestHistoryHref(requestId: string): string {
  return `${ACTIVITY_PATH}?${new URLSearchParams({ RequestID: requestId }).toString()}`;
}

/** 'View in history' after a successful write, for those who may read the change history on a hosted marketplace. */
export function HistoryLink({ entry }: { entry: RequestLogEntry }) {
  const { me, marketplace } = usePortalContext();
  if (!entry.requestId || !isRecordedWrite(entry) || marketplace.Kind === 'Connected' || !canReadActivity(me)) {
    return null;
  }
  return (
    <AppLink to={requestHistoryHref(entry.requestId)} fontSize="sm" color="blue.fg" textDecoration="underline">
      View in history
    </AppLink>
  );
}
