import { AsyncLocalStorage } from 'node:async_hooks';

/** What code deep inside a request (or a job it started) may want to know about it. */
export interface RequestContext {
  /** The request id sent back in `x-request-id` and logged on every line of the request. */
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` with `context` visible to everything it calls, awaited or not. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * The id of the request the caller is serving, or undefined outside a request. Jobs queued while
 * serving a request carry it, so the job's log lines can be joined to the request's.
 */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
