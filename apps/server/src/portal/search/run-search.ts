import type { SearchAnswer, SearchGroup, SearchKind } from '@portal/contracts';
import type { SearchKindDefinition } from './kinds.ts';
import type { PlatformRead } from './platform-reader.ts';
import { KindRefused, searchKind } from './search-kind.ts';

/** How long one kind may take before the answer goes without it. */
export const KIND_TIME_BOX_MS = 2_000;

export interface SearchRun {
  kinds: readonly SearchKindDefinition[];
  query: string;
  limit: number;
  roles: readonly string[];
  read: PlatformRead;
  timeBoxMs?: number;
  /** Told why a kind failed (not refused, not late): the answer only says which. */
  onKindError?: (kind: SearchKind, error: unknown) => void;
}

type Outcome = { type: 'found'; group: SearchGroup } | { type: 'absent' } | { type: 'late' } | { type: 'failed' };

/** One kind within its time box; a late kind's calls are aborted so they do not keep the platform busy. */
async function runKind(run: SearchRun, definition: SearchKindDefinition): Promise<Outcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ type: 'late' });
    }, run.timeBoxMs ?? KIND_TIME_BOX_MS);
  });
  const search = searchKind({ ...run, definition, signal: controller.signal }).then(
    (items): Outcome => ({ type: 'found', group: { Kind: definition.kind, Label: definition.label, Items: items } }),
    (error: unknown): Outcome => {
      if (controller.signal.aborted) return { type: 'late' };
      if (error instanceof KindRefused) return { type: 'absent' };
      run.onKindError?.(definition.kind, error);
      return { type: 'failed' };
    },
  );
  try {
    return await Promise.race([search, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Searches every kind at once, each within its time box; the answer holds the groups with results in the kinds'
 * order, and names the kinds that were late or failed. Refused kinds are simply absent.
 */
export async function runSearch(run: SearchRun): Promise<SearchAnswer> {
  const outcomes = await Promise.all(run.kinds.map((definition) => runKind(run, definition)));
  const answer: SearchAnswer = { Groups: [], TimedOut: [], Failed: [] };
  outcomes.forEach((outcome, index) => {
    const kind = (run.kinds[index] as SearchKindDefinition).kind;
    if (outcome.type === 'found' && outcome.group.Items.length > 0) answer.Groups.push(outcome.group);
    if (outcome.type === 'late') answer.TimedOut.push(kind);
    if (outcome.type === 'failed') answer.Failed.push(kind);
  });
  return answer;
}
