/**
 * IP addresses as numbers: parse the textual forms node:net accepts, classify an address (is it a public unicast
 * address a callback may go to?), and match CIDR blocks (merchant API allowlists). Pure functions, no I/O.
 * Numeric hosts in other notations (decimal, hex, octal, short forms) are normalised by the WHATWG URL parser before
 * they get here (shared/net/public-url.ts).
 */
import { isIP } from 'node:net';

export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

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
  const family = isIP(noZone);
  if (family === 4) return { family: 4, value: parseV4(noZone) };
  if (family === 6) return { family: 6, value: parseV6(noZone) };
  return undefined;
}

function parseV4(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function parseV6(text: string): bigint {
  let body = text.toLowerCase();
  // An embedded dotted IPv4 tail (::ffff:127.0.0.1) is the last two groups (::ffff:7f00:1).
  const lastColon = body.lastIndexOf(':');
  if (body.includes('.')) {
    const v4 = Number(parseV4(body.slice(lastColon + 1)));
    body = `${body.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = body.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return [24n, 16n, 8n, 0n].map((s) => String((ip.value >> s) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((ip.value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return groups.join(':');
}

/** An IPv4 address carried inside IPv6 (::ffff:a.b.c.d) is that IPv4 address. */
export function unmapped(ip: IpAddress): IpAddress {
  return ip.family === 6 && ip.value >> 32n === 0xffffn ? { family: 4, value: ip.value & 0xffffffffn } : ip;
}

export interface Cidr {
  family: 4 | 6;
  base: bigint;
  prefix: number;
}

/** "203.0.113.0/24", "2001:db8::/32" or a single address. Host bits below the prefix are ignored. */
export function parseCidr(text: string): Cidr | undefined {
  const [addr = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return undefined;
  const ip = parseIp(addr);
  if (!ip || addr.includes('%') || addr.startsWith('[')) return undefined;
  const bits = ip.family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { family: ip.family, base: ip.value & mask(prefix, bits), prefix };
}

export function formatCidr(c: Cidr): string {
  return `${formatIp({ family: c.family, value: c.base })}/${c.prefix}`;
}

function mask(prefix: number, bits: number): bigint {
  return prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
}

export function cidrContains(c: Cidr, ip: IpAddress): boolean {
  const bits = c.family === 4 ? 32 : 128;
  return c.family === ip.family && (ip.value & mask(c.prefix, bits)) === c.base;
}

const range = (text: string) => parseCidr(text)!;

interface Ranges {
  v4: Array<[Cidr, AddressClass]>;
  v6: Array<[Cidr, AddressClass]>;
  nat64: Cidr;
  sixToFour: Cidr;
}

let parsed: Ranges | undefined;

/** Parsed on first use, not at import: a cold start pays for the tables only when an address is classified. */
function ranges(): Ranges {
  return (parsed ??= {
    v4: [
      [range('0.0.0.0/8'), 'unspecified'],
      [range('10.0.0.0/8'), 'private'],
      [range('100.64.0.0/10'), 'carrier-grade NAT'],
      [range('127.0.0.0/8'), 'loopback'],
      [range('169.254.0.0/16'), 'link-local'],
      [range('172.16.0.0/12'), 'private'],
      [range('192.0.0.0/24'), 'reserved'],
      [range('192.168.0.0/16'), 'private'],
      [range('198.18.0.0/15'), 'reserved'],
      [range('224.0.0.0/4'), 'multicast'],
      [range('240.0.0.0/4'), 'reserved'],
    ],
    v6: [
      [range('::/128'), 'unspecified'],
      [range('::1/128'), 'loopback'],
      // IPv4-compatible (deprecated); IPv4-mapped is unmapped before this table.
      [range('::/96'), 'reserved'],
      [range('64:ff9b:1::/48'), 'private'],
      [range('100::/64'), 'reserved'],
      [range('fc00::/7'), 'unique-local'],
      [range('fe80::/10'), 'link-local'],
      [range('fec0::/10'), 'private'],
      [range('ff00::/8'), 'multicast'],
    ],
    nat64: range('64:ff9b::/96'),
    sixToFour: range('2002::/16'),
  });
}

/** IPv6 prefixes that carry an IPv4 address a packet may end up at: NAT64 (64:ff9b::/96) and 6to4 (2002::/16). */
function embeddedV4(ip: IpAddress): IpAddress | undefined {
  if (cidrContains(ranges().nat64, ip)) return { family: 4, value: ip.value & 0xffffffffn };
  if (cidrContains(ranges().sixToFour, ip)) return { family: 4, value: (ip.value >> 80n) & 0xffffffffn };
  return undefined;
}

export function classifyIp(address: IpAddress): AddressClass {
  const ip = unmapped(address);
  const inner = embeddedV4(ip);
  if (inner) return classifyIp(inner);
  for (const [range, cls] of ip.family === 4 ? ranges().v4 : ranges().v6) if (cidrContains(range, ip)) return cls;
  return 'public';
}
