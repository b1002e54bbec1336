import type { ApiOperation } from '@/description/api-model';
import { track } from '@/lib/analytics';
import { DEFAULT_TIMEOUT_MS } from '@/services/http';
import { byteSize, type RequestLogEntry } from './lib/request-log';
import type { RequestDraft } from './query-draft';
import { buildRequestUrl, fillPath, queryPairs, type ConsoleRequestInput } from './lib/request-url';

/** What one console request needs; kept with the log entry so it can be copied or sent again. */
export interface SentRequest {
  readonly operation: ApiOperation;
  readonly input: ConsoleRequestInput;
  /** `undefined` for operations without a body. */
  readonly body: unknown;
  /** The form state that produced it, for 'Edit request'; absent when the request was built elsewhere. */
  readonly draft?: RequestDraft;
}

export interface SendOptions {
  readonly baseUrl: string;
  readonly token: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let sequence = 0;

/** The platform's request id header (exposed to the browser by its CORS policy). */
const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Sends one console request with the developer token and describes it as a log entry. HTTP errors are entries
 * too (the console shows them); only a missing route parameter throws, before anything is sent.
 *
 * @throws Error 'Insufficient route params provided.' when a path placeholder has no value.
 */
export async function sendConsoleRequest(request: SentRequest, options: SendOptions): Promise<RequestLogEntry> {
  const { operation, input, body } = request;
  const url = buildRequestUrl(options.baseUrl, operation, input);
  const path = fillPath(operation, input.pathParams);
  const fetchImpl = options.fetch ?? ((target: RequestInfo | URL, init?: RequestInit) => fetch(target, init));
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${options.token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  track('console.send', { method: operation.method.toUpperCase(), operationId: operation.id });
  const started = performance.now();
  let status = 0;
  let text = '';
  let requestId: string | null = null;
  try {
    const response = await fetchImpl(url, {
      method: operation.method.toUpperCase(),
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    status = response.status;
    requestId = response.headers.get(REQUEST_ID_HEADER);
    text = await response.text();
  } catch {
    // No answer (offline, timeout, blocked): logged with status 0 and no response data.
  }
  sequence += 1;
  return {
    id: `${Date.now().toString(36)}-${sequence}`,
    method: operation.method,
    path,
    status,
    durationMs: Math.round(performance.now() - started),
    sizeBytes: byteSize(text),
    request: { url, query: queryPairs(input.query), body },
    response: parseBody(text),
    ...(requestId ? { requestId } : {}),
  };
}
