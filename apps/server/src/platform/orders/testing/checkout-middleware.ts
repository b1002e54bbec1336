import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** One request the fake middleware received. */
export interface ReceivedCall {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
}

/** How the fake middleware answers a call: a status and a raw body, after an optional delay. */
export interface MiddlewareAnswer {
  status?: number;
  body: string;
  delayMs?: number;
}

/** A local HTTP server playing an integration's middleware, for tests (test support, not production code). */
export interface FakeMiddleware {
  url: string;
  calls: ReceivedCall[];
  /** Decides the answer to each call; tests replace it. */
  answer: (call: ReceivedCall) => MiddlewareAnswer;
  close(): Promise<void>;
}

/** A JSON answer with status 200. */
export const json = (value: unknown): MiddlewareAnswer => ({ body: JSON.stringify(value) });

/** Starts the fake middleware on a free local port. */
export async function startFakeMiddleware(): Promise<FakeMiddleware> {
  const sockets = new Set<Socket>();
  const fake: FakeMiddleware = {
    url: '',
    calls: [],
    answer: () => json({}),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // Left empty: the test looks at `raw` then.
      }
      const call: ReceivedCall = { path: request.url ?? '', headers: request.headers, raw, body };
      fake.calls.push(call);
      const answer = fake.answer(call);
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        response.end(answer.body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * The fake middleware of a test file: listening before the file's tests (and before the hooks
 * registered after this call, which may read its `url`), closed after them.
 */
export function useFakeMiddleware(): FakeMiddleware {
  let started: FakeMiddleware | undefined;
  const current = () => {
    if (!started) throw new Error('The fake middleware starts in beforeAll: use it in tests and hooks only.');
    return started;
  };
  beforeAll(async () => {
    started = await startFakeMiddleware();
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get url() {
      return current().url;
    },
    get calls() {
      return current().calls;
    },
    get answer() {
      return current().answer;
    },
    set answer(answer) {
      current().answer = answer;
    },
    close: () => current().close(),
  };
}
