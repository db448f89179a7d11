import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Users' own endpoints must not reach the server's own network: loopback, link-local
 * (including cloud metadata at 169.254.169.254), private, CGNAT, multicast and unspecified
 * addresses are refused, for IP literals and for every address a host name resolves to.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/** Null when the URL may be used, else the reason it may not. */
export async function checkPublicUrl(raw: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http(s) is allowed';
  if (url.username || url.password) return 'no user name or password in the address';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `the host ${host} cannot be resolved`;
    }
  }
  if (addresses.length === 0) return `the host ${host} cannot be resolved`;
  const bad = addresses.find(isBlockedAddress);
  return bad ? `${host} leads to a private or local address (${bad})` : null;
}
