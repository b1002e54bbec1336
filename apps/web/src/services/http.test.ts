import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, createHttpClient, DEFAULT_TIMEOUT_MS, type HttpClientOptions } from './http';
import { ERROR_MESSAGES, PortalError } from './portal-error';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const json = (body: unknown, status = 200, contentType = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });

/** A client whose fetch answers with `answer` and records every call. */
function client(
  answer: (...args: FetchArgs) => Response | Promise<Response>,
  options: Partial<HttpClientOptions> = {},
) {
  const fetchMock = vi.fn(async (...args: FetchArgs) => answer(...args));
  const http = createHttpClient({ baseUrl: '/api', getToken: () => 'tok', fetch: fetchMock, ...options });
  const call = (index = 0) => {
    const [url, init] = fetchMock.mock.calls[index] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { http, fetchMock, call };
}

async function failure(promise: Promise<unknown>): Promise<PortalError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PortalError);
  return error as PortalError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createHttpClient: requests', () => {
  it('sends GET with the bearer token, JSON accept header and query, and parses JSON', async () => {
    const { http, call } = client(() => json({ ok: true }));
    await expect(http.get('/items', { page: 2, ids: ['a', 'b'], search: undefined, skip: null })).resolves.toEqual({
      ok: true,
    });
    const { url, init, headers } = call();
    expect(url).toBe('/api/items?page=2&ids=a&ids=b');
    expect(init.method).toBe('GET');
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('accept')).toBe('application/json');
    expect(init.body).toBeUndefined();
  });

  it('awaits an async token source and sends no header without a token', async () => {
    const asyncToken = client(() => json({}), { getToken: async () => 'later' });
    await asyncToken.http.get('/x');
    expect(asyncToken.call().headers.get('authorization')).toBe('Bearer later');

    const anonymous = client(() => json({}), { getToken: () => null });
    await anonymous.http.get('/x');
    expect(anonymous.call().headers.has('authorization')).toBe(false);
  });

  it('leaves the token out of public calls', async () => {
    const { http, call } = client(() => json({}));
    await http.get('/env', undefined, { auth: false });
    expect(call().headers.has('authorization')).toBe(false);
  });

  it('sends bodies as JSON with the verbs of the helpers', async () => {
    const { http, call } = client(() => json({ saved: true }));
    await http.post('/a', { Name: 'x' });
    await http.put('/b', [1]);
    await http.patch('/c', { xp: {} });
    expect([call(0).init.method, call(1).init.method, call(2).init.method]).toEqual(['POST', 'PUT', 'PATCH']);
    expect(call(0).init.body).toBe('{"Name":"x"}');
    expect(call(0).headers.get('content-type')).toBe('application/json');
  });

  it('sends form bodies as they are, for the token endpoint', async () => {
    const { http, call } = client(() => json({ access_token: 't' }));
    const form = new URLSearchParams({ grant_type: 'password' });
    await http.post('/oauth/token', form);
    expect(call().init.body).toBe(form);
    expect(call().headers.get('content-type')).not.toBe('application/json');
  });

  it('merges client and call headers', async () => {
    const { http, call } = client(() => json({}), { headers: { 'x-content-token': 'c' } });
    await http.get('/x', undefined, { headers: { 'x-extra': '1' } });
    expect(call().headers.get('x-content-token')).toBe('c');
    expect(call().headers.get('x-extra')).toBe('1');
  });

  it('uses absolute URLs as they are', async () => {
    const { http, call } = client(() => json({}));
    await http.get('http://platform.test/env');
    expect(call().url).toBe('http://platform.test/env');
  });
});

describe('createHttpClient: answers', () => {
  it('returns undefined for 204 and empty bodies', async () => {
    const { http } = client(() => new Response(null, { status: 204 }));
    await expect(http.delete('/x')).resolves.toBeUndefined();
    const empty = client(() => new Response('', { status: 200 }));
    await expect(empty.http.get('/x')).resolves.toBeUndefined();
  });

  it('returns text for non-JSON answers and for JSON-labelled text that does not parse', async () => {
    const text = client(() => new Response('plain', { headers: { 'content-type': 'text/plain' } }));
    await expect(text.http.get('/x')).resolves.toBe('plain');
    const broken = client(() => new Response('{oops', { headers: { 'content-type': 'application/json' } }));
    await expect(broken.http.get('/x')).resolves.toBe('{oops');
  });

  it('send exposes status and headers', async () => {
    const { http } = client(() => json({ ID: 'p1' }, 201));
    const response = await http.send<{ ID: string }>('/products', { method: 'POST', body: {} });
    expect(response.status).toBe(201);
    expect(response.data.ID).toBe('p1');
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('createHttpClient: errors', () => {
  it('maps 401 to the fixed unauthorized text', async () => {
    const { http } = client(() => json({ Errors: [{ ErrorCode: 'InvalidToken', Message: 'Token expired' }] }, 401));
    const error = await failure(http.get('/x'));
    expect(error).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      code: 'InvalidToken',
      title: 'Unauthorized',
      message: "Invalid access token. Contact the organization admin or the provider's support",
    });
  });

  it('shows the problem detail, with its title and field errors', async () => {
    const body = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: '2 errors need to be resolved.',
      errors: [
        { field: 'Id', message: 'Id is required' },
        { field: 'Name', message: 'Name is required' },
      ],
    };
    const { http } = client(() => json(body, 400, 'application/problem+json; charset=utf-8'));
    const error = await failure(http.put('/marketplace/roles/admin', {}));
    expect(error).toMatchObject({ kind: 'http', status: 400, title: 'Bad Request', message: body.detail });
    expect(error.fieldErrors).toEqual(body.errors);
    expect(error.body).toEqual(body);
  });

  it("shows the platform envelope's first message, titled by its code", async () => {
    const { http } = client(() =>
      json({ Errors: [{ ErrorCode: 'NotFound', Message: 'Product not found: P1', Data: { ObjectID: 'P1' } }] }, 404),
    );
    const error = await failure(http.get('/v1/products/P1'));
    expect(error).toMatchObject({ kind: 'http', status: 404, code: 'NotFound', title: 'NotFound' });
    expect(error.message).toBe('Product not found: P1');
  });

  it('falls back to message, then a generic text naming the status', async () => {
    const withMessage = client(() => json({ error: 'Unauthorized', message: 'Send the content token.' }, 403));
    expect((await failure(withMessage.http.get('/x'))).message).toBe('Send the content token.');

    const html = client(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(html.http.get('/x'));
    expect(error).toMatchObject({ kind: 'http', status: 502, title: 'Request failed' });
    expect(error.message).toBe('Request failed with status 502.');
  });

  it('reports a network failure while online as no response', async () => {
    const { http } = client(
      () => {
        throw new TypeError('Failed to fetch');
      },
      { isOnline: () => true },
    );
    const error = await failure(http.get('/x'));
    expect(error).toMatchObject({ kind: 'timeout', status: undefined, message: ERROR_MESSAGES.noResponse });
    expect(error.message).toBe(
      'Server failed to respond or taking too long. Can also be issue with firewalls etc. Trying again might help.',
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('reports a network failure while offline as offline', async () => {
    const { http } = client(
      () => {
        throw new TypeError('Failed to fetch');
      },
      { isOnline: () => false },
    );
    const error = await failure(http.get('/x'));
    expect(error.kind).toBe('offline');
    expect(error.message).toBe('Server failed to respond. You appear offline and might be the issue.');
  });

  it('reads navigator.onLine by default', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { http } = client(() => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failure(http.get('/x'))).kind).toBe('offline');
  });
});

describe('createHttpClient: time limit and cancellation', () => {
  /** A fetch that never answers on its own, only rejecting when its signal aborts (as real fetch does). */
  const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      if (init?.signal?.aborted) reject(init.signal.reason);
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
    });

  it('gives up after the time limit with the no-response text', async () => {
    const { http } = client(hanging, { timeoutMs: 20, isOnline: () => true });
    const error = await failure(http.get('/slow'));
    expect(error).toMatchObject({ kind: 'timeout', message: ERROR_MESSAGES.noResponse });
  });

  it('lets a call set its own limit', async () => {
    const { http } = client(hanging, { isOnline: () => true });
    expect((await failure(http.get('/slow', undefined, { timeoutMs: 10 }))).kind).toBe('timeout');
  });

  it('uses 60 seconds unless told otherwise', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { http, call } = client(() => json({}));
    await http.get('/x');
    expect(timeout).toHaveBeenCalledWith(60_000);
    expect(call().init.signal).toBeInstanceOf(AbortSignal);
  });

  it("passes the caller's cancellation through untouched", async () => {
    const { http } = client(hanging);
    const controller = new AbortController();
    const pending = http.get('/x', undefined, { signal: controller.signal });
    const reason = new DOMException('cancelled', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('passes a cancellation that arrives while the request is in flight', async () => {
    const { http, fetchMock } = client(hanging, { getToken: undefined });
    const controller = new AbortController();
    const pending = http.get('/x', undefined, { signal: controller.signal });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('still times out when the caller passed a signal that never fires', async () => {
    const { http } = client(hanging, { timeoutMs: 10, isOnline: () => true });
    const error = await failure(http.get('/x', undefined, { signal: new AbortController().signal }));
    expect(error.kind).toBe('timeout');
  });
});

describe('buildUrl', () => {
  it('joins base and path with exactly one slash', () => {
    expect(buildUrl('/portal-api/', '/me')).toBe('/portal-api/me');
    expect(buildUrl('/portal-api', 'me')).toBe('/portal-api/me');
    expect(buildUrl('http://h.test/platform', '/v1/products')).toBe('http://h.test/platform/v1/products');
    expect(buildUrl('', '/')).toBe('/');
  });

  it('appends query parameters, repeating arrays and keeping false and 0', () => {
    expect(buildUrl('', '/x', { a: false, b: 0, c: ['1', 2], d: undefined, e: 'x y' })).toBe(
      '/x?a=false&b=0&c=1&c=2&e=x+y',
    );
    expect(buildUrl('', '/x?fixed=1', { a: 'b' })).toBe('/x?fixed=1&a=b');
    expect(buildUrl('', '/x', {})).toBe('/x');
  });
});
