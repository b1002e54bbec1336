import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { PrivateAddressPolicy } from '../../config.ts';

/*
 * The portal fetches addresses that users type (a connected marketplace's API base URL): a server-side request
 * forgery risk. Every such request goes through `guardedFetch`, which takes only http(s) URLs without credentials
 * or fragment, resolves the host and refuses non-public addresses (unless CONNECTED_ALLOW_PRIVATE_ADDRESSES allows
 * them), connects to the very address it checked (the lookup is pinned, so a DNS answer that changes between the
 * check and the connection cannot point it inside: no DNS rebinding), follows redirects only on the same origin,
 * and bounds both the time and the size of the answer.
 */

/** Why an address was refused, in words an admin can act on. */
export class RemoteAddressError extends Error {
  constructor(
    readonly reason: 'url' | 'scheme' | 'credentials' | 'fragment' | 'dns' | 'blocked' | 'redirect',
    message: string,
  ) {
    super(message);
  }
}

/** A request that did not get a whole answer: timed out, refused, reset, or too large. */
export class RemoteRequestError extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

type AddressKind = 'loopback' | 'private' | 'link-local' | 'unique-local' | 'multicast' | 'unspecified' | 'reserved';

/** Non-public ranges by kind. BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 rules. */
const RANGES: Readonly<Record<AddressKind, readonly [string, number, 'ipv4' | 'ipv6'][]>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    // Carrier-grade NAT: not reachable from the internet, often an internal network.
    ['100.64.0.0', 10, 'ipv4'],
  ],
  'link-local': [
    // Includes 169.254.169.254, the cloud metadata service: the classic target of this attack.
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  'unique-local': [
    ['fc00::', 7, 'ipv6'],
    // Deprecated site-local addresses, still routed inside some networks.
    ['fec0::', 10, 'ipv6'],
  ],
  multicast: [
    ['224.0.0.0', 4, 'ipv4'],
    ['ff00::', 8, 'ipv6'],
  ],
  unspecified: [
    // Connecting to 0.0.0.0 reaches this machine on Linux.
    ['0.0.0.0', 8, 'ipv4'],
    ['::', 128, 'ipv6'],
  ],
  reserved: [
    ['240.0.0.0', 4, 'ipv4'],
    ['192.0.0.0', 24, 'ipv4'],
    ['192.0.2.0', 24, 'ipv4'],
    ['198.18.0.0', 15, 'ipv4'],
    ['198.51.100.0', 24, 'ipv4'],
    ['203.0.113.0', 24, 'ipv4'],
    ['2001:db8::', 32, 'ipv6'],
    ['100::', 64, 'ipv6'],
  ],
};

const BLOCK_LISTS = Object.entries(RANGES).map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return [kind as AddressKind, list] as const;
});

const KIND_WORDS: Record<AddressKind, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  'link-local': 'a link-local address',
  'unique-local': 'a unique-local (private) IPv6 address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address',
};

/** The non-public kind of an IP address, or undefined for a public one. */
export function addressKind(address: string): AddressKind | undefined {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return BLOCK_LISTS.find(([, list]) => list.check(address, family))?.[0];
}

/** Whether the policy lets the portal call an address of this kind. Multicast and unspecified never make sense. */
function allowed(kind: AddressKind | undefined, policy: PrivateAddressPolicy): boolean {
  if (kind === undefined) return true;
  if (kind === 'multicast' || kind === 'unspecified') return false;
  if (policy === 'all') return true;
  return policy === 'loopback' && kind === 'loopback';
}

export interface ResolvedAddress {
  url: URL;
  /** The address the request connects to: the one checked. */
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses; a test may answer what a hostile DNS server would. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The URL a user typed, parsed and checked for its form alone (no DNS). */
export function parseRemoteUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new RemoteAddressError(
      'url',
      `"${text}" is not a web address; write it in full, e.g. https://api.example.com/v1.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RemoteAddressError('scheme', `The address must start with https:// or http://, not ${url.protocol}//.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new RemoteAddressError('credentials', 'The address must not contain a user name or password.');
  }
  if (url.hash !== '' || text.includes('#')) {
    throw new RemoteAddressError('fragment', 'The address must not contain a # part.');
  }
  return url;
}

/**
 * Checks a URL and resolves its host: every address the name resolves to must be allowed (a name with one public
 * and one private address is refused, since either could be used). Answers the URL and the first address.
 */
export async function resolveRemoteAddress(
  text: string | URL,
  policy: PrivateAddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress> {
  const url = parseRemoteUrl(String(text));
  // URL keeps IPv6 literals in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let answers: { address: string; family: number }[];
  if (isIP(host)) {
    answers = [{ address: host, family: isIP(host) }];
  } else {
    try {
      answers = await resolve(host);
    } catch {
      answers = [];
    }
  }
  if (answers.length === 0) {
    throw new RemoteAddressError('dns', `The host name ${host} was not found.`);
  }
  for (const { address } of answers) {
    const kind = addressKind(address);
    if (!allowed(kind, policy)) {
      const what = kind ? KIND_WORDS[kind] : 'an address';
      throw new RemoteAddressError(
        'blocked',
        `${host} leads to ${what}, which the portal does not call` +
          (kind === 'multicast' || kind === 'unspecified'
            ? '.'
            : ' unless CONNECTED_ALLOW_PRIVATE_ADDRESSES allows it.'),
      );
    }
  }
  const first = answers[0] as { address: string; family: number };
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface GuardedRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Whole request, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Largest answer body read (default 1 MiB); more is an error, not a truncated body. */
  maxBytes?: number;
  /** Same-origin redirects followed (default 3). */
  maxRedirects?: number;
  policy: PrivateAddressPolicy;
  resolve?: Resolver;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The URL that answered (after same-origin redirects). */
  url: string;
}

/**
 * One HTTP request to an address a user typed, with every guard of this module.
 *
 * @example
 * const answer = await guardedFetch('https://api.example.com/env', { policy: config.connectedAllowPrivateAddresses });
 */
export async function guardedFetch(target: string | URL, request: GuardedRequest): Promise<GuardedResponse> {
  const deadline = Date.now() + (request.timeoutMs ?? 10_000);
  const maxRedirects = request.maxRedirects ?? 3;
  let current = String(target);
  const origin = parseRemoteUrl(current).origin;
  for (let hop = 0; ; hop += 1) {
    const resolved = await resolveRemoteAddress(current, request.policy, request.resolve);
    const response = await requestOnce(resolved, request, deadline);
    const location = response.headers.location;
    if (response.status < 300 || response.status > 399 || location === undefined) return response;
    const next = new URL(location, resolved.url);
    if (next.origin !== origin && next.protocol === 'https:' && next.hostname === resolved.url.hostname) {
      throw new RemoteAddressError(
        'redirect',
        `${resolved.url.hostname} answers on https:// only; write the address so.`,
      );
    }
    if (next.origin !== origin) {
      throw new RemoteAddressError(
        'redirect',
        `${resolved.url.host} redirects to ${next.host}; the portal follows redirects only on the same address.`,
      );
    }
    if (hop >= maxRedirects) {
      throw new RemoteAddressError('redirect', `${resolved.url.host} redirects more than ${maxRedirects} times.`);
    }
    current = next.href;
  }
}

/** One exchange, connecting to the checked address only. */
function requestOnce(resolved: ResolvedAddress, request: GuardedRequest, deadline: number): Promise<GuardedResponse> {
  const { url, address, family } = resolved;
  const maxBytes = request.maxBytes ?? 1024 * 1024;
  // The pinned lookup: whatever name the socket asks for, it gets the address that was checked.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = Math.max(1, deadline - Date.now());
    const outgoing = client.request(
      url,
      {
        method: request.method ?? 'GET',
        headers: { accept: 'application/json', ...request.headers },
        lookup,
        // No keep-alive pool: a pooled socket could be reused for another check's host.
        agent: false,
        timeout: remaining,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let tooLarge = false;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes && !tooLarge) {
            // Rejected here and the socket closed: what arrived so far must not pass as the whole answer.
            tooLarge = true;
            reject(new RemoteRequestError('too-large', `${url.host} answered more than ${maxBytes} bytes.`));
            outgoing.destroy();
          }
          if (!tooLarge) chunks.push(chunk);
        });
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            url: url.href,
          }),
        );
        incoming.on('error', (error) => reject(toRequestError(error, url)));
      },
    );
    const timer = setTimeout(
      () => outgoing.destroy(new RemoteRequestError('timeout', `${url.host} did not answer in time.`)),
      remaining,
    );
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.on('timeout', () =>
      outgoing.destroy(new RemoteRequestError('timeout', `${url.host} did not answer in time.`)),
    );
    outgoing.on('error', (error) => reject(toRequestError(error, url)));
    outgoing.end(request.body);
  });
}

function toRequestError(error: unknown, url: URL): RemoteRequestError {
  if (error instanceof RemoteRequestError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ECONNREFUSED'
      ? 'refused the connection'
      : code === 'ECONNRESET'
        ? 'closed the connection'
        : code?.startsWith('ERR_TLS') || code?.includes('CERT')
          ? 'has no valid certificate'
          : 'could not be reached';
  return new RemoteRequestError('network', `${url.host} ${why}.`);
}
