import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/**
 * Users' own endpoints must not reach the server's own network: loopback, link-local
 * (including cloud metadata at 169.254.169.254), private, CGNAT, multicast, unspecified,
 * documentation and benchmarking addresses are refused, for IP literals and for every address a
 * host name resolves to. An IPv6 address that embeds an IPv4 one (IPv4-compatible, mapped,
 * SIIT, NAT64, 6to4, Teredo) is judged by the IPv4 address it embeds.
 */
const blockedV4 = new BlockList();
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
  blockedV4.addSubnet(net, prefix, 'ipv4');

const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['100::', 64], // discard-only
  ['64:ff9b:1::', 48], // local-use NAT64: never a public address, whatever it embeds
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (with an optional trailing dotted quad), or null. */
export function ipv6Bytes(address: string): number[] | null {
  const text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  let tail: number[] = [];
  let head = text;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    tail = quad[1]!.split('.').map(Number);
    head = text.slice(0, -quad[1]!.length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter(Boolean) : []);
  const l = groups(left);
  const r = groups(right);
  const missing = 8 - tail.length / 2 - l.length - r.length;
  const words = [...l, ...Array<string>(right === undefined ? 0 : missing).fill('0'), ...r];
  const bytes = words.flatMap((w) => {
    const n = parseInt(w, 16);
    return [n >> 8, n & 0xff];
  });
  bytes.push(...tail);
  return bytes.length === 16 ? bytes : null;
}

const v4 = (b: number[]) => b.join('.');
const zero = (b: number[], from: number, to: number) => b.slice(from, to).every((x) => x === 0);

/** The IPv4 addresses an IPv6 address carries, by the transition scheme that carries them. */
export function embeddedV4(bytes: number[]): string[] {
  const word = (i: number) => (bytes[i]! << 8) | bytes[i + 1]!;
  // ::a.b.c.d (IPv4-compatible, which includes :: and ::1), ::ffff:a.b.c.d (mapped),
  // ::ffff:0:a.b.c.d (SIIT).
  if (zero(bytes, 0, 10) && (word(10) === 0 || word(10) === 0xffff)) return [v4(bytes.slice(12))];
  if (zero(bytes, 0, 8) && word(8) === 0xffff && word(10) === 0) return [v4(bytes.slice(12))];
  // NAT64 well-known prefix 64:ff9b::/96.
  if (word(0) === 0x64 && word(2) === 0xff9b && zero(bytes, 4, 12)) return [v4(bytes.slice(12))];
  // 6to4 2002:a.b.c.d::/48.
  if (word(0) === 0x2002) return [v4(bytes.slice(2, 6))];
  // Teredo 2001:0::/32: the server's address, and the client's (stored inverted).
  if (word(0) === 0x2001 && word(2) === 0)
    return [v4(bytes.slice(4, 8)), v4(bytes.slice(12).map((x) => x ^ 0xff))];
  return [];
}

/** True when a connection to this address could reach a private, local or reserved network. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return blockedV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  const inner = embeddedV4(bytes);
  if (inner.some((a) => blockedV4.check(a, 'ipv4'))) return true;
  return blockedV6.check(address.replace(/%.*$/, ''), 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** How a host name becomes addresses, and which addresses are refused (tests inject both). */
export interface GuardOptions {
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  isBlocked?: (address: string) => boolean;
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** Null when the URL may be used, else the reason it may not. */
export async function checkPublicUrl(
  raw: string,
  options: GuardOptions = {},
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http(s) is allowed';
  if (url.username || url.password) return 'no user name or password in the address';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isBlocked = options.isBlocked ?? isBlockedAddress;
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await (options.resolve ?? systemResolve)(host)).map((a) => a.address);
    } catch {
      return `the host ${host} cannot be resolved`;
    }
  }
  if (addresses.length === 0) return `the host ${host} cannot be resolved`;
  const bad = addresses.find(isBlocked);
  return bad ? `${host} leads to a private or local address (${bad})` : null;
}

export class BlockedAddressError extends Error {
  readonly code = 'EADDRBLOCKED';
}

/**
 * A `lookup` for an http(s) agent: the name is resolved once per connection, every address it
 * resolves to is checked, and the socket connects to the checked address it returns (the name
 * still goes out as Host and TLS SNI). A resolver that answers differently on the next call
 * (DNS rebinding) cannot move the connection after the check.
 */
export function guardedLookup(options: GuardOptions = {}): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  const isBlocked = options.isBlocked ?? isBlockedAddress;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (all) => {
        const bad = all.find((a) => isBlocked(a.address));
        if (all.length === 0 || bad) {
          const reason = bad
            ? `${hostname} leads to a private or local address (${bad.address})`
            : `the host ${hostname} cannot be resolved`;
          callback(new BlockedAddressError(reason), '', 0);
          return;
        }
        const wanted = lookupOptions.family === 6 ? 6 : lookupOptions.family === 4 ? 4 : 0;
        const pick = all.find((a) => !wanted || a.family === wanted) ?? all[0]!;
        if (lookupOptions.all) {
          (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [pick]);
        } else callback(null, pick.address, pick.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
