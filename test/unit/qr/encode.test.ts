/**
 * The QR encoder against an independent one: matrices produced by the Python `qrcode` package (8.2) for the same
 * payload, version, level M and mask 0 — module for module — and the standard's Reed–Solomon example.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeQr, formatBits, qrSvg, rsRemainder } from '../../../shared/qr/encode.js';

const rows = (text: string) => encodeQr(text).modules.map((r) => r.map((d) => (d ? '1' : '0')).join(''));

describe('QR encoder', () => {
  it('"IPS": version 1-M, identical to the reference encoder', () => {
    expect(rows('IPS')).toEqual([
      '111111100101101111111', '100000101110101000001', '101110100000001011101', '101110100101101011101', '101110101110101011101',
      '100000100100101000001', '111111101010101111111', '000000000101100000000', '101010100111000010010', '100000001010001001000',
      '100100101000100010111', '000001001000001000000', '100000101100101011100', '000000001011010101010', '111111100111011101011',
      '100000100101110111001', '101110101101011100101', '101110100010001000110', '101110101100100010001', '100000100100001000110',
      '111111101110101010111',
    ]);
  });

  it('110 bytes: version 7 (with version information, several blocks), identical to the reference encoder', () => {
    const m = encodeQr('z'.repeat(110));
    expect(m.size).toBe(45);
    expect(createHash('sha256').update(rows('z'.repeat(110)).join('')).digest('hex')).toBe('62a19aeee80ec4787167e4eecf95375c08da1a4c05c496539c6472c54cf11aa2');
  });

  it("Reed–Solomon: the standard's 1-M example codewords", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('format bits of level M, mask 0', () => {
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010');
  });

  it('an SVG with the quiet zone; too long a payload is refused', () => {
    expect(qrSvg('IPS')).toMatch(/^<svg [^>]*viewBox="0 0 29 29"/);
    expect(() => encodeQr('x'.repeat(300))).toThrow(/too long/);
  });
});
