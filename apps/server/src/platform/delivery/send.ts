import { checkoutHash } from '../orders/checkout-middleware.ts';

/** How long a receiver may take, how often a delivery is tried and how long it waits between tries. */
export interface DeliverySettings {
  readonly timeoutMs: number;
  /** Waits before attempts 2, 3, 4 and 5 (the last); a 5xx or network error on the last attempt fails it. */
  readonly backoffMs: readonly number[];
}

/** What the product uses; a test passes settings of its own (a short timeout, quick retries) where it needs them. */
export const DELIVERY_SETTINGS: DeliverySettings = Object.freeze({
  timeoutMs: 10_000,
  backoffMs: Object.freeze([10_000, 60_000, 5 * 60_000, 30 * 60_000]),
});

export const maxAttempts = (settings: DeliverySettings) => settings.backoffMs.length + 1;

/** What one POST came to. */
export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** 2xx. */
  ok: boolean;
  /** A 5xx, a timeout or a connection failure: worth trying again. 4xx answers are not. */
  retryable: boolean;
}

/** The `X-oc-hash` header of a body: base64 HMAC-SHA256 with the shared key, as the checkout integration signs. */
export const signatureOf = checkoutHash;

/**
 * POSTs the exact `body` text, signed when there is a key. Never throws: every outcome is a result
 * to record. The URL is whatever the marketplace's admin configured; calling it is the point.
 */
export async function postSigned(
  url: string,
  body: string,
  signingKey: string | null,
  headers: Record<string, string>,
  timeoutMs = DELIVERY_SETTINGS.timeoutMs,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        ...(signingKey ? { 'X-oc-hash': signatureOf(signingKey, body) } : {}),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer is read (and dropped) under the same time limit, so a receiver stalling mid-answer fails too.
    await response.arrayBuffer();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut
      ? `No answer within ${timeoutMs / 1000} seconds.`
      : `Could not be reached: ${describe(error)}.`;
    return { statusCode: null, durationMs: elapsed(), error: reason, ok: false, retryable: true };
  }
  const status = response.status;
  if (status >= 200 && status < 300)
    return { statusCode: status, durationMs: elapsed(), error: null, ok: true, retryable: false };
  return {
    statusCode: status,
    durationMs: elapsed(),
    error: `The receiver answered HTTP ${status}.`,
    ok: false,
    retryable: status >= 500,
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}
