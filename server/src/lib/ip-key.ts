import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-IP limit counts under (docs/security.md, Guests). An IPv4 address counts as
 * itself; an IPv6 address by its /64, the smallest network a provider hands one subscriber,
 * who can otherwise take a fresh address for every request (2^64 of them); an IPv4-mapped
 * IPv6 address (`::ffff:1.2.3.4`) as its IPv4 address. Anything else is returned unchanged.
 */
export function ipKey(ip: string): string {
  // Every request's rate limit asks: an address without a colon is IPv4 (or not an address),
  // returned as it is without the IPv6 parse.
  if (!ip.includes(':')) return ip;
  const bare = (ip.split('%')[0] ?? ip).toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const lead = part(head);
  const rest = part(tail);
  const gap = Array<string>(Math.max(0, 8 - lead.length - rest.length)).fill('0');
  const groups = [...lead, ...gap, ...rest];
  const prefix = groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':');
  return `${prefix}::/64`;
}
