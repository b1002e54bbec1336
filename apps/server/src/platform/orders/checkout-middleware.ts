import { createHmac } from 'node:crypto';
import type { Item } from '../engine/item.ts';
import { filled } from '../engine/values.ts';

/**
 * How long the platform waits for the checkout middleware. A setting object rather than a
 * constant so tests can shorten it (as they swap `verificationCodes.next` for password resets).
 */
export const checkoutCallSettings = { timeoutMs: 10_000 };

/** The two calls of the checkout integration, by the path appended to the event's URL. */
export type CheckoutEndpoint = 'shippingrates' | 'ordercalculate';

/** What the middleware answered: a parsed JSON body, or why there is none. */
export type MiddlewareReply =
  | { ok: true; status: number; body: unknown; raw: string }
  | { ok: false; status: number | null; errorBody: string; reason: string };

/** The `X-oc-hash` header: base64 of the HMAC-SHA256 of the raw body with the event's HashKey. */
export function checkoutHash(hashKey: string, rawBody: string): string {
  return createHmac('sha256', hashKey).update(rawBody, 'utf8').digest('base64');
}

/** The URL of one call: the event's CustomImplementationUrl (without trailing slashes) plus the endpoint. */
export function endpointUrl(event: Item, endpoint: CheckoutEndpoint): string {
  return `${String(event.CustomImplementationUrl ?? '').replace(/\/+$/, '')}/${endpoint}`;
}

function headersFor(event: Item, rawBody: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'X-oc-hash': checkoutHash(String(event.HashKey ?? ''), rawBody),
  };
  if (filled(event.CustomAuthHeaderName) && filled(event.CustomAuthHeaderValue)) {
    headers[event.CustomAuthHeaderName] = event.CustomAuthHeaderValue;
  }
  return headers;
}

const isTimeout = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * POSTs `payload` to the event's middleware and reads its answer. Never throws: a timeout, a
 * connection failure, a non-2xx status or a body that is not JSON is a failed reply, which the
 * caller stores on the worksheet (Succeeded false) before answering the 400.
 *
 * The URL is whatever the marketplace's admin configured: calling it is the point of the
 * integration (it is their own middleware).
 */
export async function callMiddleware(event: Item, endpoint: CheckoutEndpoint, payload: Item): Promise<MiddlewareReply> {
  const rawBody = JSON.stringify(payload);
  const timeoutMs = checkoutCallSettings.timeoutMs;
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpointUrl(event, endpoint), {
      method: 'POST',
      headers: headersFor(event, rawBody),
      body: rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Reading the body is under the same time limit: a middleware that stalls mid-answer fails too.
    text = await response.text();
  } catch (error) {
    const reason = isTimeout(error)
      ? `The integration did not answer within ${timeoutMs / 1000} seconds.`
      : `The integration could not be reached: ${error instanceof Error ? error.message : String(error)}.`;
    return { ok: false, status: null, errorBody: reason, reason };
  }
  const status = response.status;
  if (!response.ok) return { ok: false, status, errorBody: text, reason: `It answered HTTP ${status}.` };
  try {
    return { ok: true, status, body: text === '' ? null : (JSON.parse(text) as unknown), raw: text };
  } catch {
    return { ok: false, status, errorBody: text, reason: 'Its answer was not valid JSON.' };
  }
}
