/**
 * IP addresses on the request path, with Node's own parser and range matcher (`net.SocketAddress`, `net.BlockList`):
 * parse the textual forms node:net accepts, classify an address (is it a public unicast address a callback may go
 * to?), and match stored CIDR blocks (merchant API allowlists, blocklisted ranges). No bundle cost: ranges are
 * written and normalised with ipaddr.js by the editing side alone (cidr.ts), which request bundles never load.
 * Numeric hosts in other notations (decimal, hex, octal, short forms) are normalised by the WHATWG URL parser before
 * they get here (shared/lib/net/public-url.ts).
 */
import { BlockList, SocketAddress, isIP } from 'node:net';

export interface IpAddress {
  family: 4 | 6;
  /** RFC 5952 text as Node writes it: lower case, `::` compressed, an IPv4-mapped tail dotted (`::ffff:127.0.0.1`). */
  address: string;
}

export type AddressClass =
  'public' | 'loopback' | 'private' | 'link-local' | 'carrier-grade NAT' | 'unspecified' | 'unique-local' | 'multicast' | 'reserved';

const familyName = (f: 4 | 6) => (f === 4 ? 'ipv4' : 'ipv6');

/** Dotted-quad IPv4 or any RFC 4291 IPv6 text (brackets and a %zone allowed). Undefined for anything else. */
export function parseIp(text: string): IpAddress | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const noZone = bare.includes('%') ? bare.slice(0, bare.indexOf('%')) : bare;
  const family = isIP(noZone);
  if (family !== 4 && family !== 6) return undefined;
  return { family, address: new SocketAddress({ address: noZone, family: familyName(family) }).address };
}

export const formatIp = (ip: IpAddress): string => ip.address;

const MAPPED = '::ffff:';

/** An IPv4 address carried inside IPv6 (::ffff:a.b.c.d) is that IPv4 address (Node writes the tail dotted). */
export function unmapped(ip: IpAddress): IpAddress {
  const tail = ip.address.slice(MAPPED.length);
  return ip.family === 6 && ip.address.startsWith(MAPPED) && isIP(tail) === 4 ? { family: 4, address: tail } : ip;
}

/** Adds a block as stored ("203.0.113.0/24", "2001:db8::/32" or one address) to `list`; false if unreadable. */
function addTo(list: BlockList, cidr: string): boolean {
  const [address = '', prefix, extra] = cidr.trim().split('/');
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || address.includes('%') || extra !== undefined || (prefix !== undefined && !/^\d{1,3}$/.test(prefix)))
    return false;
  const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(address, bits, familyName(family));
  return true;
}

/**
 * Whether `cidr` holds `ip`. BlockList ignores the block's host bits and matches an IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d) against IPv4 blocks and the reverse. An unreadable block holds nothing.
 */
export function cidrContains(cidr: string, ip: IpAddress): boolean {
  const list = new BlockList();
  return addTo(list, cidr) && list.check(ip.address, familyName(ip.family));
}

/** IPv4 ranges that are not public, each also reachable through NAT64 (64:ff9b::/96) and 6to4 (2002::/16). */
const V4: Array<[string, AddressClass]> = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];

/** IPv6 ranges in the order they are tried (`::` and `::1` before the IPv4-compatible `::/96` that holds them). */
const V6: Array<[string, AddressClass]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  // IPv4-compatible (deprecated); IPv4-mapped addresses are matched by the IPv4 ranges (BlockList maps them).
  ['::/96', 'reserved'],
  ['64:ff9b:1::/48', 'private'],
  ['100::/64', 'reserved'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'],
  ['ff00::/8', 'multicast'],
];

/** The same IPv4 block where NAT64 and 6to4 carry it: 64:ff9b::a.b.c.d/(96+n) and 2002:AABB:CCDD::/(16+n). */
function embedded(v4: string): string[] {
  const [address = '', prefix = ''] = v4.split('/');
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
  return [`64:ff9b::${address}/${96 + Number(prefix)}`, `2002:${hex(a, b)}:${hex(c, d)}::/${16 + Number(prefix)}`];
}

let classes: Array<[BlockList, AddressClass]> | undefined;

/** Built on first use, not at import: a cold start pays for the tables only when an address is classified. */
function table(): Array<[BlockList, AddressClass]> {
  return (classes ??= [
    ...V6,
    ...V4.flatMap(([cidr, cls]): Array<[string, AddressClass]> => [
      [cidr, cls],
      ...embedded(cidr).map((e): [string, AddressClass] => [e, cls]),
    ]),
  ].map(([cidr, cls]) => {
    const list = new BlockList();
    addTo(list, cidr);
    return [list, cls];
  }));
}

export function classifyIp(ip: IpAddress): AddressClass {
  for (const [list, cls] of table()) if (list.check(ip.address, familyName(ip.family))) return cls;
  return 'public';
}
