import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A load balancer in miniature: each request goes to the next target in turn, never retried. */
export interface RoundRobinProxy {
  url: string;
  /** Base URLs of the servers behind it; may be set after start (the servers need the proxy's URL first). */
  targets: string[];
  close(): Promise<void>;
}

// Hop-by-hop headers describe one connection (RFC 9110 §7.6.1); Node sets its own on each side.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'upgrade']);
const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * Forwards method, path, headers and body to the targets round-robin and streams the answer back.
 * A target that cannot be reached is a 502 and the request is not tried elsewhere, so a client
 * sees every failure (what a write test must count as not acknowledged).
 */
export async function startRoundRobinProxy(targets: string[] = []): Promise<RoundRobinProxy> {
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const target = proxy.targets[turn++ % Math.max(proxy.targets.length, 1)];
    if (!target) return void response.writeHead(503).end('no servers behind the proxy');
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: { ...endToEnd(request.headers), 'x-forwarded-for': forwardedFor }, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', () => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502).end(`upstream ${target} unreachable`);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxy: RoundRobinProxy = {
    url: `http://127.0.0.1:${port}`,
    targets,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
