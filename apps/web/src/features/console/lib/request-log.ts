import type { HttpMethod } from '@/description/openapi-types';
import type { QueryPair } from './request-url';

/** Spec §9: the right panel keeps this many requests. */
export const REQUEST_LOG_LIMIT = 50;

export const NO_PAYLOAD_MESSAGE = 'This request was sent without a payload.';
export const NO_RESPONSE_MESSAGE = 'This request has no response data available.';

export interface RequestLogEntry {
  readonly id: string;
  readonly method: HttpMethod;
  /** The filled-in path, e.g. `/products/p1`, which the list shows. */
  readonly path: string;
  /** 0 when the server never answered. */
  readonly status: number;
  readonly durationMs: number;
  readonly sizeBytes: number;
  readonly request: {
    readonly url: string;
    readonly query: readonly QueryPair[];
    /** `undefined` when the request had no body. */
    readonly body: unknown;
  };
  /** `undefined` when there was no response body. */
  readonly response: unknown;
  /** The server's `x-request-id`, which the change history records with a write (issue 23); absent without one. */
  readonly requestId?: string;
}

/**
 * A new log with `entry` first, keeping only the newest `limit` entries. Never mutates `log`, so React state can hold
 * it directly.
 *
 * @example
 * appendRequest(log, entry)[0] === entry; // true
 */
export function appendRequest(
  log: readonly RequestLogEntry[],
  entry: RequestLogEntry,
  limit: number = REQUEST_LOG_LIMIT,
): readonly RequestLogEntry[] {
  if (limit <= 0) return [];
  return [entry, ...log.filter((existing) => existing.id !== entry.id)].slice(0, limit);
}

/** The Payload tab shows a message instead of empty sections when neither query nor body was sent. */
export function hasPayload(entry: RequestLogEntry): boolean {
  return entry.request.query.length > 0 || (entry.request.body !== undefined && entry.request.body !== null);
}

/** The Response tab shows a message when there is nothing to render (204, network failure). */
export function hasResponseData(entry: RequestLogEntry): boolean {
  return entry.response !== undefined && entry.response !== null && entry.response !== '';
}

/** Byte length of a response body as the browser received it, for the log's size column. */
export function byteSize(text: string): number {
  return new TextEncoder().encode(text).length;
}
