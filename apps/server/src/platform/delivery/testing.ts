import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the test receiver got, with whether its `X-oc-hash` matches the body under `key`. */
export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: unknown;
  signedWith(key: string): boolean;
}

export interface TestReceiver {
  url: string;
  received: ReceivedRequest[];
  /**
   * Status codes to answer, in order; once used up every request gets 200. `hang` never answers;
   * `hold` answers 200 once `release()` is called.
   */
  script: (number | 'hang' | 'hold')[];
  /** Answers every held request (200). */
  release(): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A local HTTP receiver on a free port, as a developer's endpoint would be. */
export async function startReceiver(): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  const script: (number | 'hang' | 'hold')[] = [];
  const held: http.ServerResponse[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const header = request.headers['x-oc-hash'];
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        raw,
        body,
        signedWith: (key) => header === createHmac('sha256', key).update(raw, 'utf8').digest('base64'),
      });
      for (const waiter of waiting.filter((entry) => received.length >= entry.count)) waiter.resolve();
      const next = script.shift() ?? 200;
      if (next === 'hang') return;
      if (next === 'hold') {
        held.push(response);
        return;
      }
      response.writeHead(next, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script,
    release() {
      for (const response of held.splice(0)) response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    },
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${count} requests arrived`)),
          timeoutMs,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
