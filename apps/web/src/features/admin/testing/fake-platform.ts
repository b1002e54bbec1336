// Test support only: the app never imports this folder.
import { vi } from 'vitest';

/** One request a page sent to the fake platform, ready to assert on. */
export interface PlatformCall {
  readonly method: string;
  readonly url: URL;
  /** The parsed JSON body, or undefined when none was sent. */
  readonly body: unknown;
}

/**
 * What a path answers: JSON for a 200, a `Response` (see `reply`; a copy answers each call), or a function of the
 * call returning either, for answers that depend on the query, the body or how often it was asked.
 */
export type PlatformAnswer = unknown;

/** A platform answer with a status other than 200 (`reply(404, { Errors: [...] })`, `reply(204)`). */
export function reply(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A list page as the platform answers it; `meta` overrides the paging (`{ TotalCount: 45, TotalPages: 3 }`). */
export function listOf(items: unknown[], meta: Record<string, unknown> = {}) {
  return {
    Items: items,
    Meta: { Page: 1, PageSize: 100, TotalCount: items.length, TotalPages: 1, ItemRange: [1, items.length], ...meta },
  };
}

function callOf(input: RequestInfo | URL, init?: RequestInit): PlatformCall {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://test');
  const text = typeof init?.body === 'string' ? init.body : undefined;
  return {
    method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
    url,
    body: text === undefined ? undefined : (JSON.parse(text) as unknown),
  };
}

/** Whether a key (`/products/p1`, or with a method: `PATCH /products/p1`) is about this call. */
function matches(key: string, call: PlatformCall): boolean {
  const [method, suffix] = key.includes(' ') ? key.split(' ', 2) : [null, key];
  return (method === null || method === call.method) && suffix !== undefined && call.url.pathname.endsWith(suffix);
}

/**
 * A fake `fetch` for the platform. The platform is not running here: every call fails as if offline, which the
 * pages must survive, except the paths given (matched by their end), which answer. A key naming a method wins over
 * one that does not, so `GET` and `PATCH` of one item can answer differently.
 */
export function platformAnswering(answers: Record<string, PlatformAnswer> = {}) {
  const keys = Object.keys(answers);
  return vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const call = callOf(input, init);
    const key =
      keys.find((candidate) => candidate.includes(' ') && matches(candidate, call)) ??
      keys.find((candidate) => !candidate.includes(' ') && matches(candidate, call));
    if (key === undefined) return Promise.reject(new TypeError('offline in tests'));
    const answer = answers[key];
    const result: unknown = typeof answer === 'function' ? (answer as (call: PlatformCall) => unknown)(call) : answer;
    if (!(result instanceof Response)) return Promise.resolve(reply(200, result));
    // A body reads once: a Response given as the answer stays unread so it can answer again.
    return Promise.resolve(result === answer ? result.clone() : result);
  });
}

/** The calls a fake platform received, in order; `method` keeps only those (`'PATCH'`). */
export function platformCalls(fake: ReturnType<typeof platformAnswering>, method?: string): PlatformCall[] {
  return fake.mock.calls
    .map(([input, init]) => callOf(input, init))
    .filter((call) => method === undefined || call.method === method);
}
