/**
 * IP addresses for the SSRF guard and the merchant API allowlists: `ipaddr.js` parses and formats them, Node's
 * `net.BlockList` matches them against ranges. What is ours is policy: which ranges a callback may not reach (the
 * table below) and which text counts as an address (exactly what node:net's isIP accepts). Numeric hosts in other
 * notations (decimal, hex, octal, short forms) are normalised by the WHATWG URL parser before they get here
 * (shared/net/public-url.ts).
 */
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'unspecified'
  | 'unique-local'
  | 'multicast'
  | 'reserved';

/** Dotted-quad IPv4 or any RFC 4291 IPv6 text (brackets and a %zone allowed). Undefined for anything else. */
export function parseIp(text: string): IpAddress | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const noZone = bare.includes('%') ? bare.slice(0, bare.indexOf('%')) : bare;
  // ipaddr.js also takes the loose IPv4 forms (127.1, 0x7f.0.0.1); those are not address text here.
  if (!isIP(noZone)) return undefined;
  // ipaddr.js reads the deprecated IPv4-compatible "::a.b.c.d" as IPv4-mapped (::ffff:a.b.c.d); it is ::a.b:c.d.
  return ipaddr.parse(/^::[\d.]+$/.test(noZone) ? `0${noZone}` : noZone);
}

/** An IPv4 address carried inside IPv6 (::ffff:a.b.c.d) is that IPv4 address. */
export function unmapped(ip: IpAddress): IpAddress {
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

const family = (ip: IpAddress) => (ip.kind() === 'ipv4' ? 'ipv4' : 'ipv6');

export interface Cidr {
  address: IpAddress;
  prefix: number;
}

/** "203.0.113.0/24", "2001:db8::/32" or a single address. Host bits below the prefix are ignored. */
export function parseCidr(text: string): Cidr | undefined {
  const [addr = '', prefixText, ...extra] = text.trim().split('/');
  const address = extra.length || addr.includes('%') || addr.startsWith('[') ? undefined : parseIp(addr);
  if (!address) return undefined;
  const bits = address.kind() === 'ipv4' ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  return prefix <= bits ? { address, prefix } : undefined;
}

/** Blocks of one family: BlockList itself would also match IPv4 rules against IPv4-mapped IPv6 and back. */
interface Blocks {
  ipv4: BlockList;
  ipv6: BlockList;
}

function blocksOf(cidrs: readonly Cidr[]): Blocks {
  const blocks = { ipv4: new BlockList(), ipv6: new BlockList() };
  for (const { address, prefix } of cidrs) blocks[family(address)].addSubnet(address.toNormalizedString(), prefix, family(address));
  return blocks;
}

const contains = (blocks: Blocks, ip: IpAddress) => blocks[family(ip)].check(ip.toNormalizedString(), family(ip));

/** Whether `ip` (already unmapped) is in one of the address or CIDR entries; entries that are neither are skipped. */
export function inAllowlist(entries: readonly string[], ip: IpAddress): boolean {
  return contains(blocksOf(entries.map(parseCidr).filter((c): c is Cidr => !!c)), ip);
}

const CLASSES: ReadonlyArray<[AddressClass, string[]]> = [
  // First match wins: ::/128 and ::1/128 before ::/96. IPv4-mapped addresses are unmapped before this table.
  ['unspecified', ['0.0.0.0/8', '::/128']],
  ['loopback', ['127.0.0.0/8', '::1/128']],
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '64:ff9b:1::/48', 'fec0::/10']],
  ['carrier-grade NAT', ['100.64.0.0/10']],
  ['link-local', ['169.254.0.0/16', 'fe80::/10']],
  ['unique-local', ['fc00::/7']],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  // 192.0.0.0/24 IETF protocol assignments, 198.18.0.0/15 benchmarking, 240.0.0.0/4 (and broadcast); IPv6:
  // IPv4-compatible (deprecated) and the discard prefix.
  ['reserved', ['192.0.0.0/24', '198.18.0.0/15', '240.0.0.0/4', '::/96', '100::/64']],
];

let classes: Array<[AddressClass, Blocks]> | undefined;

/** Built on first use, not at import: a cold start pays for the tables only when an address is classified. */
function classBlocks(): Array<[AddressClass, Blocks]> {
  return (classes ??= CLASSES.map(([cls, cidrs]) => [cls, blocksOf(cidrs.map((c) => parseCidr(c)!))]));
}

/**
 * IPv6 prefixes that carry an IPv4 address a packet may end up at: NAT64 (64:ff9b::/96, the last 32 bits) and 6to4
 * (2002::/16, the 32 bits after the prefix). Named here, not by ipaddr.js's range(): its "rfc6052" also spans the
 * local-use 64:ff9b:1::/48, which carries no fixed IPv4 position and is refused as private above.
 */
function embeddedV4(ip: IpAddress): IpAddress | undefined {
  if (ip.kind() !== 'ipv6') return undefined;
  const { parts } = ip as ipaddr.IPv6;
  const at = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (ip.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return at(parts[6]!, parts[7]!);
  if (ip.match(ipaddr.IPv6.parse('2002::'), 16)) return at(parts[1]!, parts[2]!);
  return undefined;
}

export function classifyIp(address: IpAddress): AddressClass {
  const ip = unmapped(address);
  const inner = embeddedV4(ip);
  if (inner) return classifyIp(inner);
  return classBlocks().find(([, blocks]) => contains(blocks, ip))?.[0] ?? 'public';
}
