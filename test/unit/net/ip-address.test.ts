/** The address classifier behind the SSRF guard and the merchant API allowlists, in every notation it may meet. */
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { cidrContains, classifyIp, formatIp, parseIp, unmapped } from '../../../shared/lib/net/ip-address.js';
import { formatCidr, parseCidr } from '../../../shared/lib/net/cidr.js';
import { checkPublicUrl } from '../../../shared/lib/net/public-url.js';

const STRICT = { allowLoopback: false };
const LOCAL = { allowLoopback: true };
const classOf = (text: string) => classifyIp(parseIp(text)!);

describe('classifyIp', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::169.254.169.254', 'link-local'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['::127.0.0.1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['100.128.0.1', 'public'],
    ['169.255.0.1', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (text, cls) => {
    expect(classOf(text)).toBe(cls);
  });

  it('parses only real address text', () => {
    for (const text of ['', 'localhost', '127.1', '0x7f.0.0.1', '2130706433', '1.2.3.4.5', '::ffff::1', '12345::1'])
      expect(parseIp(text)).toBeUndefined();
    expect(formatIp(parseIp('::ffff:127.0.0.1')!)).toBe('::ffff:127.0.0.1');
    expect(formatIp(parseIp('0:0:0:0:0:FFFF:7F00:1')!)).toBe('::ffff:127.0.0.1');
    expect(formatIp(parseIp('[fe80::1%eth0]')!)).toBe('fe80::1');
    expect(formatIp(unmapped(parseIp('::ffff:127.0.0.1')!))).toBe('127.0.0.1');
  });
});

describe('checkPublicUrl: every notation of a non-public host is refused', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://0177.1/',
    'http://127.1/',
    'http://127.0.0.1./',
    'http://127.0.0.1../',
    'http://%31%32%37.0.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://0/',
    'http://0.0.0.0:8080/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://api.localhost/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://0251.0376.0251.0376/',
    'http://169.254.43518/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://10.0.0.1/',
    'http://012.0.0.1/',
    'http://167772161/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.0.1/',
    'http://100.64.0.1/',
    'https://10.1.2.3:8443/cb',
    'http://shop.example@127.0.0.1/',
    'http://127.0.0.1:80@shop.example/',
    'http://user:pass@shop.example/',
    'ftp://shop.example/',
    'file:///etc/passwd',
    'not a url',
  ];
  it.each(refused)('%s', (url) => {
    expect(checkPublicUrl(url, STRICT).ok).toBe(false);
  });

  it('says why', () => {
    expect(checkPublicUrl('http://0xa9.0xfe.0xa9.0xfe/', STRICT)).toEqual({ ok: false, reason: 'link-local address 169.254.169.254' });
    expect(checkPublicUrl('http://[::ffff:7f00:1]/', STRICT)).toEqual({ ok: false, reason: 'loopback address 127.0.0.1' });
    expect(checkPublicUrl('http://a@10.0.0.1/', STRICT)).toEqual({ ok: false, reason: 'credentials in the URL' });
  });

  it.each([
    'https://shop.example/callbacks',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'http://100.128.0.1/',
    'http://[2001:4860::8888]:8080/x',
    'http://134744072/',
  ])('allows the public %s', (url) => {
    expect(checkPublicUrl(url, STRICT).ok).toBe(true);
  });

  it('lets loopback through only when allowed (local platform, tests); the rest stays refused', () => {
    for (const url of [
      'http://127.0.0.1:3000/cb',
      'http://localhost:8080/',
      'http://[::1]/',
      'http://2130706433/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(checkPublicUrl(url, LOCAL).ok).toBe(true);
    }
    for (const url of ['http://169.254.169.254/', 'http://10.0.0.1/', 'http://0/', 'http://[fe80::1]/', 'http://192.168.1.1/']) {
      expect(checkPublicUrl(url, LOCAL).ok).toBe(false);
    }
  });
});

/** Every way to write an IPv4 address in a URL host that the WHATWG parser understands. */
function notations(a: number): string[] {
  const b = [a >>> 24, (a >>> 16) & 255, (a >>> 8) & 255, a & 255];
  const hex = (n: number) => `0x${n.toString(16)}`;
  const oct = (n: number) => `0${n.toString(8)}`;
  const v6 = `${((a >>> 16) & 0xffff).toString(16)}:${(a & 0xffff).toString(16)}`;
  return [
    b.join('.'),
    String(a >>> 0),
    hex(a >>> 0),
    b.map(hex).join('.'),
    b.map(oct).join('.'),
    `${b[0]}.${(a & 0xffffff) >>> 0}`,
    `${b[0]}.${b[1]}.${a & 0xffff}`,
    `${b.join('.')}.`,
    `[::ffff:${b.join('.')}]`,
    `[::ffff:${v6}]`,
  ];
}

describe('properties (fast-check)', () => {
  const ipv4 = fc.integer({ min: 0, max: 0xffffffff });

  it('every URL notation of an IPv4 address is judged like its dotted form', () => {
    fc.assert(
      fc.property(ipv4, fc.boolean(), (a, allowLoopback) => {
        const policy = { allowLoopback };
        const [dotted, ...others] = notations(a);
        const expected = checkPublicUrl(`http://${dotted}/`, policy).ok;
        for (const host of others) expect(checkPublicUrl(`http://${host}/`, policy).ok, host).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('no notation of a private, loopback, link-local or CGNAT address passes', () => {
    const inside = (cidr: string) => {
      const [base, prefix] = ipaddr.IPv4.parseCIDR(cidr);
      return fc
        .integer({ min: 0, max: 2 ** (32 - prefix) - 1 })
        .map((offset) => base.toByteArray().reduce((n, b) => n * 256 + b, 0) + offset);
    };
    const nonPublic = fc.oneof(
      inside('127.0.0.0/8'),
      inside('10.0.0.0/8'),
      inside('172.16.0.0/12'),
      inside('192.168.0.0/16'),
      inside('169.254.0.0/16'),
      inside('100.64.0.0/10'),
      inside('0.0.0.0/8'),
    );
    fc.assert(
      fc.property(nonPublic, fc.constantFrom('', 'user@', 'a:b@'), (a, userinfo) => {
        for (const host of notations(a)) expect(checkPublicUrl(`http://${userinfo}${host}:8080/cb`, STRICT).ok, host).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('a CIDR block contains exactly the addresses that share its prefix', () => {
    fc.assert(
      fc.property(ipv4, ipv4, fc.integer({ min: 0, max: 32 }), (a, b, prefix) => {
        const block = `${notations(a)[0]}/${prefix}`;
        const ip = parseIp(notations(b)[0]!)!;
        const shift = BigInt(32 - prefix);
        const expected = BigInt(a >>> 0) >> shift === BigInt(b >>> 0) >> shift || prefix === 0;
        expect(cidrContains(block, ip)).toBe(expected);
        expect(cidrContains(block, parseIp(`::ffff:${notations(b)[0]}`)!), 'IPv4-mapped').toBe(expected);
        expect(cidrContains(block, parseIp(notations(a)[0]!)!)).toBe(true);
        // Stored as the editing side normalises it: the same block.
        expect(cidrContains(formatCidr(parseCidr(block)!), ip)).toBe(expected);
      }),
    );
  });
});

describe('parseCidr (the editing side, ipaddr.js)', () => {
  it('takes v4 and v6 blocks and single addresses; refuses the rest', () => {
    expect(parseCidr('203.0.113.0/24')).toEqual({ family: 4, network: '203.0.113.0', prefix: 24 });
    expect(parseCidr('198.51.100.7')).toEqual({ family: 4, network: '198.51.100.7', prefix: 32 });
    expect(parseCidr('2001:db8::/32')).toEqual({ family: 6, network: '2001:db8:0:0:0:0:0:0', prefix: 32 });
    expect(parseCidr('2001:db8::1')).toMatchObject({ family: 6, prefix: 128 });
    for (const bad of [
      '',
      '203.0.113.0/33',
      '2001:db8::/129',
      '203.0.113.0/-1',
      '203.0.113.0/24/1',
      'shop.example',
      '10.0.0.0/8x',
      '127.1/8',
      '[::1]/128',
      '10.0.0.0/',
      '0x7f.0.0.1/8',
      '010.0.0.1/8',
      'fe80::1%eth0/64',
      '::ffff:10.0.0.0/129',
      '10.0.0.0 /8',
    ]) {
      expect(parseCidr(bad), bad).toBeUndefined();
    }
  });

  it('stores the network address: host bits cleared, IPv6 in its normalised form', () => {
    expect(formatCidr(parseCidr('203.0.113.77/24')!)).toBe('203.0.113.0/24');
    expect(formatCidr(parseCidr(' 10.9.8.7/8 ')!)).toBe('10.0.0.0/8');
    expect(formatCidr(parseCidr('10.9.8.7/0')!)).toBe('0.0.0.0/0');
    expect(formatCidr(parseCidr('2001:DB8:1::5/48')!)).toBe('2001:db8:1:0:0:0:0:0/48');
    expect(formatCidr(parseCidr('::ffff:10.1.2.3/104')!)).toBe('0:0:0:0:0:ffff:a00:0/104');
  });
});

describe('cidrContains (the request side, net.BlockList)', () => {
  const contains = (cidr: string, ip: string) => cidrContains(cidr, parseIp(ip)!);

  it('matches blocks by prefix, in each family', () => {
    expect(contains('203.0.113.0/24', '203.0.113.99')).toBe(true);
    expect(contains('203.0.113.0/24', '203.0.114.1')).toBe(false);
    expect(contains('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
    expect(contains('2001:db8::/32', '203.0.113.1')).toBe(false);
    expect(contains('2001:db8:1:0:0:0:0:0/48', '2001:db8:1:ff::5')).toBe(true);
  });

  it('handles the edges: /0, /31, /32, /127, /128, host bits, unreadable blocks', () => {
    expect(contains('0.0.0.0/0', '255.255.255.255')).toBe(true);
    expect(contains('0.0.0.0/0', '2001:db8::1')).toBe(false);
    expect(contains('::/0', '2001:db8::1')).toBe(true);
    expect(contains('198.51.100.6/31', '198.51.100.7')).toBe(true);
    expect(contains('198.51.100.6/31', '198.51.100.8')).toBe(false);
    expect(contains('198.51.100.7/32', '198.51.100.7')).toBe(true);
    expect(contains('198.51.100.7', '198.51.100.7')).toBe(true);
    expect(contains('198.51.100.7', '198.51.100.6')).toBe(false);
    expect(contains('2001:db8::/127', '2001:db8::1')).toBe(true);
    expect(contains('2001:db8::/127', '2001:db8::2')).toBe(false);
    expect(contains('2001:db8::1/128', '2001:db8:0:0:0:0:0:1')).toBe(true);
    expect(contains('203.0.113.77/24', '203.0.113.1')).toBe(true);
    expect(contains('172.16.0.0/12', '172.31.255.255')).toBe(true);
    expect(contains('172.16.0.0/12', '172.32.0.0')).toBe(false);
    for (const bad of ['', 'shop.example', '10.0.0.0/33', '10.0.0.0/8/1', '127.1/8', '[::1]/128', 'fe80::1%eth0/64'])
      expect(contains(bad, '10.0.0.1'), bad).toBe(false);
  });

  it('matches an IPv4-mapped IPv6 address against IPv4 blocks, and an IPv4 address against mapped blocks', () => {
    expect(contains('10.0.0.0/8', '::ffff:10.1.2.3')).toBe(true);
    expect(contains('10.0.0.0/8', '::ffff:a01:203')).toBe(true);
    expect(contains('10.0.0.0/8', '0:0:0:0:0:ffff:a01:203')).toBe(true);
    expect(contains('10.0.0.0/8', '::ffff:b01:203')).toBe(false);
    expect(contains('::ffff:10.0.0.0/104', '10.1.2.3')).toBe(true);
    // IPv4-compatible (::a.b.c.d) and NAT64 addresses are other addresses, not the IPv4 one.
    expect(contains('10.0.0.0/8', '::10.1.2.3')).toBe(false);
    expect(contains('10.0.0.0/8', '64:ff9b::10.1.2.3')).toBe(false);
  });
});

describe('IPv4 carried in IPv6', () => {
  it('unmaps ::ffff:a.b.c.d in every spelling, and nothing else', () => {
    for (const text of ['::ffff:10.1.2.3', '::ffff:a01:203', '::FFFF:A01:203', '0:0:0:0:0:ffff:a01:203', '[::ffff:10.1.2.3]']) {
      expect(unmapped(parseIp(text)!), text).toEqual({ family: 4, address: '10.1.2.3' });
    }
    for (const text of ['::10.1.2.3', '64:ff9b::10.1.2.3', '::ffff:0:a01:203', '2001:db8::ffff:a01:203', '10.1.2.3']) {
      expect(unmapped(parseIp(text)!), text).toEqual(parseIp(text));
    }
  });

  it('an IPv4 address is classified alike when mapped, behind NAT64 or in a 6to4 prefix', () => {
    const ipv4 = fc.oneof(
      fc.integer({ min: 0, max: 0xffffffff }),
      // The non-public blocks and their edges, which a uniform draw seldom hits.
      fc.constantFrom(
        0x0a000000,
        0x0affffff,
        0x64400000,
        0x647fffff,
        0x7f000001,
        0xa9fea9fe,
        0xac100000,
        0xac1fffff,
        0xc0a80000,
        0xc6120000,
        0xe0000000,
        0xffffffff,
      ),
    );
    fc.assert(
      fc.property(ipv4, (a) => {
        const bytes = [a >>> 24, (a >>> 16) & 255, (a >>> 8) & 255, a & 255];
        const dotted = bytes.join('.');
        const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
        const cls = classOf(dotted);
        expect(classOf(`::ffff:${dotted}`), 'mapped').toBe(cls);
        expect(classOf(`::ffff:${hex(bytes[0]!, bytes[1]!)}:${hex(bytes[2]!, bytes[3]!)}`), 'mapped, hex').toBe(cls);
        expect(classOf(`64:ff9b::${dotted}`), 'NAT64').toBe(cls);
        expect(classOf(`2002:${hex(bytes[0]!, bytes[1]!)}:${hex(bytes[2]!, bytes[3]!)}::1`), '6to4').toBe(cls);
      }),
      { numRuns: 1000 },
    );
  });
});
