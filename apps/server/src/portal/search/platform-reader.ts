import type { PrivateAddressPolicy } from '../../config.ts';
import { guardedFetch } from '../connected/remote-address.ts';

/** A GET of the marketplace's public API (`path` under `/v1`) with the caller's token: status and parsed body. */
export type PlatformRead = (path: string, signal: AbortSignal) => Promise<{ status: number; body: unknown }>;

/** Largest list answer read: a page of 20 items is a few dozen KiB. */
const MAX_BYTES = 4 * 1024 * 1024;

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The product's own platform: trusted, reached with plain fetch at its API base URL. */
export function hostedReader(coreApiUrl: string, token: string): PlatformRead {
  const root = coreApiUrl.replace(/\/+$/, '');
  return async (path, signal) => {
    const response = await fetch(`${root}/v1${path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      signal,
    });
    return { status: response.status, body: parsed(await response.text()) };
  };
}

/**
 * A connected marketplace: its address was typed by a user, so every call goes through the SSRF guards.
 * guardedFetch takes no abort signal; its own deadline (the search's time box) ends a slow call instead.
 */
export function connectedReader(
  coreApiUrl: string,
  token: string,
  policy: PrivateAddressPolicy,
  timeoutMs: number,
): PlatformRead {
  const root = coreApiUrl.replace(/\/+$/, '').replace(/\/v1$/i, '');
  return async (path) => {
    const response = await guardedFetch(`${root}/v1${path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      timeoutMs,
      maxBytes: MAX_BYTES,
      policy,
    });
    return { status: response.status, body: parsed(response.body) };
  };
}
