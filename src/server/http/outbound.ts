import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Every request the server makes to an address a user gave it goes through this module (issue 25,
 * hole 1: Web Push endpoints). A user-given URL must not make the server reach its own loopback,
 * the school's or the host's private network, or the cloud metadata service:
 *
 * - `https:` only, no credentials in the URL, port 443 only;
 * - the host must match the allow-list (exact names, or `*.example.com` for any subdomain);
 *   an IP literal never matches;
 * - the host is resolved once, every address it resolves to must be public, and the connection
 *   is pinned to the checked address (the socket's `lookup` answers it), so a DNS answer that
 *   changes between the check and the connect (rebinding) cannot get in; TLS still verifies the
 *   certificate against the host name;
 * - one connection per request (no keep-alive, no redirects followed), a short timeout, and at
 *   most 64 KiB of the answer read.
 */

/** Why an outbound URL is refused; the detail of 400 answers and of log lines. */
export type OutboundRefusal =
  | 'invalidUrl'
  | 'notHttps'
  | 'credentials'
  | 'port'
  | 'ipLiteral'
  | 'hostNotAllowed'
  | 'unresolvable'
  | 'privateAddress';

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  constructor(readonly reason: OutboundRefusal) {
    super(`outbound request refused: ${reason}`);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A request whose target has passed the checks: connect to `address`, speak TLS to `url.hostname`. */
export interface PinnedRequest {
  url: URL;
  address: ResolvedAddress;
  method: string;
  headers: Record<string, string | number>;
  body?: Buffer | string;
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
  body: string;
}

export interface OutboundPolicy {
  /** Host names allowed (`*.push.apple.com` allows any subdomain of push.apple.com). */
  allowedHosts: readonly string[];
  /** Every address of a host (tests inject their own; never the network in tests). */
  resolve: (host: string) => Promise<ResolvedAddress[]>;
  /** Sends a checked, pinned request (tests inject a local stand-in). */
  transport: (request: PinnedRequest) => Promise<OutboundResponse>;
  timeoutMs: number;
  /**
   * One loopback origin (https://127.0.0.1:PORT) allowed without the checks: the end-to-end
   * tests' local push service (PUSH_DEV_ENDPOINT). Never set in production.
   */
  devOrigin?: string | undefined;
}

/** The browsers' push services: Chrome/Edge (FCM), Firefox (Mozilla), Safari (Apple), Windows. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

const OUTBOUND_TIMEOUT_MS = 5_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Addresses that are not the public internet: this host, private networks, link-local (cloud
 * metadata at 169.254.169.254 and fd00:ec2::254 included), CGNAT, benchmarking, documentation,
 * multicast, reserved; IPv6 unique-local, link-local, site-local, and the v4-mapped, NAT64,
 * 6to4 and Teredo forms that carry an IPv4 address inside.
 */
// Two lists: Node checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d), so the
// v4-mapped rule would cover every IPv4 address.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is on the public internet (see NOT_PUBLIC_V4, NOT_PUBLIC_V6). Not an IP: false. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4
    ? !NOT_PUBLIC_V4.check(address, 'ipv4')
    : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** Whether `host` (lower case) matches an allow-list entry. */
function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    if (e === '*') return true;
    if (e.startsWith('*.')) return h.endsWith(e.slice(1)) && h.length > e.length - 1;
    return h === e;
  });
}

/** The checks that need no DNS: scheme, credentials, port, IP literal, allow-list. */
function checkOutboundUrl(raw: string, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('invalidUrl');
  }
  if (url.protocol !== 'https:') throw new OutboundRefused('notHttps');
  if (url.username || url.password) throw new OutboundRefused('credentials');
  if (url.port !== '' && url.port !== '443') throw new OutboundRefused('port');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) throw new OutboundRefused('ipLiteral');
  if (!hostAllowed(host, allowedHosts)) throw new OutboundRefused('hostNotAllowed');
  return url;
}

/**
 * The whole check: the URL's own rules, then the host's addresses — every one must be public (a
 * name with one private address among public ones is refused). Returns the address to pin to.
 */
export async function checkOutbound(
  raw: string,
  policy: Pick<OutboundPolicy, 'allowedHosts' | 'resolve' | 'devOrigin'>,
): Promise<{ url: URL; address: ResolvedAddress }> {
  if (policy.devOrigin) {
    const dev = new URL(raw);
    if (dev.origin === policy.devOrigin && dev.protocol === 'https:' && !dev.username)
      return { url: dev, address: { address: '127.0.0.1', family: 4 } };
  }
  const url = checkOutboundUrl(raw, policy.allowedHosts);
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(url.hostname);
  } catch {
    throw new OutboundRefused('unresolvable');
  }
  if (addresses.length === 0) throw new OutboundRefused('unresolvable');
  if (!addresses.every((a) => isPublicAddress(a.address)))
    throw new OutboundRefused('privateAddress');
  return { url, address: addresses[0]! };
}

/** Checks the URL, then sends one request pinned to the checked address. */
export async function outboundRequest(
  raw: string,
  init: { method: string; headers: Record<string, string | number>; body?: Buffer | string },
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const { url, address } = await checkOutbound(raw, policy);
  return policy.transport({ url, address, ...init, timeoutMs: policy.timeoutMs });
}

const systemResolve = async (host: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * The real transport: HTTPS to `url.hostname` (certificate checked against it), the socket's
 * lookup answering only the pinned address; no agent (so no keep-alive), a timeout on the whole
 * exchange, at most MAX_RESPONSE_BYTES of the answer kept.
 */
export function httpsTransport(req: PinnedRequest): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    const pinned = req.address;
    const r = httpsRequest(
      {
        protocol: 'https:',
        hostname: req.url.hostname,
        // 443 for every URL the checks pass; the dev origin's own port otherwise.
        port: req.url.port === '' ? 443 : Number(req.url.port),
        path: `${req.url.pathname}${req.url.search}`,
        method: req.method,
        headers: { ...req.headers, connection: 'close' },
        agent: false,
        timeout: req.timeoutMs,
        lookup: (_host, options, callback) => {
          const cb = callback as (...args: unknown[]) => void;
          if ((options as { all?: boolean }).all) cb(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        },
      },
      (res) => {
        let size = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
          else res.destroy();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('close', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(() => r.destroy(new Error('outbound timeout')), req.timeoutMs);
    r.on('close', () => clearTimeout(deadline));
    r.on('timeout', () => r.destroy(new Error('outbound timeout')));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** The policy for Web Push from the configuration (PUSH_ALLOWED_HOSTS), real DNS and HTTPS. */
export function pushOutboundPolicy(
  allowedHosts: readonly string[],
  overrides: Partial<OutboundPolicy> = {},
): OutboundPolicy {
  return {
    allowedHosts,
    resolve: systemResolve,
    transport: httpsTransport,
    timeoutMs: OUTBOUND_TIMEOUT_MS,
    ...overrides,
  };
}
