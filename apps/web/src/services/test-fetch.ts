import { vi } from 'vitest';

/** One call a fake fetch received, with its parts ready to assert on. */
export interface RecordedCall {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/**
 * A fake fetch for client tests: answers each call with `answer(call)` as JSON (or the Response it returns)
 * and records the calls. Used instead of a network mock because the clients take `fetch` by injection.
 */
export function fakeFetch(answer: (call: RecordedCall) => unknown = () => ({})) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const result = answer(call);
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch, calls };
}
