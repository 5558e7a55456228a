/**
 * CIDR blocks as an operator or merchant writes them (merchant API allowlists, blocklisted ranges), read and
 * normalised with ipaddr.js. The editing side only: request bundles match the stored text with Node's BlockList
 * (ip-address.ts) and never load this module, so ipaddr.js (~13 KiB) stays out of them.
 */
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

export interface Cidr {
  family: 4 | 6;
  /** The block's network address (host bits cleared), IPv6 in ipaddr.js's normalised form (`2001:db8:0:0:0:0:0:0`). */
  network: string;
  prefix: number;
}

/**
 * "203.0.113.0/24", "2001:db8::/32" or a single address. The address must be text node:net accepts as it is:
 * ipaddr.js alone would also take `127.1`, `0x7f.1`, octal parts and a `%zone`, which no one means in a list.
 */
export function parseCidr(text: string): Cidr | undefined {
  const [address = '', prefixText, extra] = text.trim().split('/');
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || address.includes('%') || extra !== undefined) return undefined;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  const kind = family === 4 ? ipaddr.IPv4 : ipaddr.IPv6;
  return { family, network: kind.networkAddressFromCIDR(`${address}/${prefix}`).toNormalizedString(), prefix };
}

/** The block as it is stored: network address and prefix (`203.0.113.0/24`). */
export const formatCidr = (c: Cidr): string => `${c.network}/${c.prefix}`;
