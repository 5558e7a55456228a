/**
 * Where the platform may send a merchant's callbacks (SSRF guard). A URL must be http(s), carry no userinfo, and its
 * host must be a public unicast address: no loopback, private, link-local (the metadata service), carrier-grade NAT,
 * unique-local, multicast or reserved address, in any notation. The WHATWG parser (new URL) turns every numeric host
 * form (2130706433, 0x7f.1, 0177.0.0.1, 127.1, ::ffff:7f00:1, trailing dots) into the canonical address first.
 *
 * Two checks: when a URL is set (no DNS: literal addresses and localhost names), and when a callback is sent (every
 * address the name resolves to; the connection then goes to the vetted address, so a DNS answer that changes in
 * between cannot redirect it).
 */
import { lookup } from 'node:dns/promises';
import { classifyIp, formatIp, parseIp, unmapped, type IpAddress } from './ip-address.js';
import { cachingResolver } from './dns-cache.js';

export interface AddressPolicy {
  /** Local platform and tests only (CALLBACK_ALLOW_LOOPBACK): developers receive callbacks on 127.0.0.1. */
  allowLoopback: boolean;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });
/** What a callback POST resolves with unless a test injects answers: the system's, kept 10 s (dns-cache.ts). */
const defaultResolver = cachingResolver(systemResolver);

/** Why this address may not be called (e.g. "link-local address 169.254.169.254"), or undefined when it may. */
export function refusedAddress(ip: IpAddress, policy: AddressPolicy): string | undefined {
  const cls = classifyIp(ip);
  if (cls === 'public' || (cls === 'loopback' && policy.allowLoopback)) return undefined;
  return `${cls} address ${formatIp(unmapped(ip))}`;
}

/** The URL's host without brackets and trailing dots ("localhost." is localhost). */
function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
}

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** The check when a URL is set: shape and literal host only, no DNS. */
export function checkPublicUrl(text: string, policy: AddressPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not an http(s) URL' };
  // http://trusted.example@10.0.0.1/ reads like another host than the one it names.
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  const host = bareHost(url);
  if (!host) return { ok: false, reason: 'no host' };
  const ip = parseIp(host);
  if (ip) {
    const refused = refusedAddress(ip, policy);
    return refused ? { ok: false, reason: refused } : { ok: true, url };
  }
  if (isLocalhostName(host) && !policy.allowLoopback) return { ok: false, reason: `loopback host ${host}` };
  return { ok: true, url };
}

export type VettedUrl =
  | { ok: true; url: URL; hostname: string; address: string; family: 4 | 6 }
  | { ok: false; refused: true; reason: string }
  | { ok: false; refused: false; error: unknown };

/**
 * The check when a callback is sent: the set-time check again (rules may have tightened since), then every address
 * the host resolves to must be allowed; the caller connects to the returned address only.
 */
export async function vetPublicUrl(text: string, policy: AddressPolicy, resolve: Resolver = defaultResolver): Promise<VettedUrl> {
  const checked = checkPublicUrl(text, policy);
  if (!checked.ok) return { ok: false, refused: true, reason: checked.reason };
  const { url } = checked;
  const hostname = bareHost(url);
  const literal = parseIp(hostname);
  if (literal) return { ok: true, url, hostname, address: formatIp(literal), family: literal.family };
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = await resolve(hostname);
  } catch (error) {
    return { ok: false, refused: false, error };
  }
  const ips = answers.map((a) => parseIp(a.address)).filter((ip): ip is IpAddress => !!ip);
  if (ips.length === 0) return { ok: false, refused: false, error: Object.assign(new Error('no address'), { code: 'ENOTFOUND' }) };
  // One private answer is enough to refuse: which one a client would use is not ours to predict.
  for (const ip of ips) {
    const refused = refusedAddress(ip, policy);
    if (refused) return { ok: false, refused: true, reason: `${hostname} resolves to ${refused}` };
  }
  const first = ips[0]!;
  return { ok: true, url, hostname, address: answers.find((a) => parseIp(a.address))!.address, family: first.family };
}
