/**
 * The page's QR code against two independent parties: matrices produced by the Python `qrcode` package (8.2) for
 * the same payload, version, level M and mask 0 — module for module — and a decoder (jsQR) that reads the SVG the
 * page shows back to its payload.
 */
import { createHash } from 'node:crypto';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrPayload } from '../../../shared/pages/s2s-apm/provider-page.js';
import { encodeQr, qrSvg } from '../../../shared/lib/qr/svg.js';

const rows = (text: string) => encodeQr(text).modules.map((r) => r.map((d) => (d ? '1' : '0')).join(''));

/** The SVG as a scanner sees it: its viewBox in modules, every `Mx,yh1v1h-1z` square dark, 4 pixels a module. */
function scan(svg: string): string | undefined {
  const full = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const scale = 4;
  const width = full * scale;
  const rgba = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of svg.matchAll(/M(\d+),(\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        rgba.fill(0, at, at + 3);
      }
    }
  }
  return jsQR(rgba, width, width)?.data;
}

describe('QR code', () => {
  it('"IPS": version 1-M, identical to the reference encoder', () => {
    expect(rows('IPS')).toEqual([
      '111111100101101111111',
      '100000101110101000001',
      '101110100000001011101',
      '101110100101101011101',
      '101110101110101011101',
      '100000100100101000001',
      '111111101010101111111',
      '000000000101100000000',
      '101010100111000010010',
      '100000001010001001000',
      '100100101000100010111',
      '000001001000001000000',
      '100000101100101011100',
      '000000001011010101010',
      '111111100111011101011',
      '100000100101110111001',
      '101110101101011100101',
      '101110100010001000110',
      '101110101100100010001',
      '100000100100001000110',
      '111111101110101010111',
    ]);
  });

  it('110 bytes: version 7 (with version information, several blocks), identical to the reference encoder', () => {
    const m = encodeQr('z'.repeat(110));
    expect(m.size).toBe(45);
    expect(
      createHash('sha256')
        .update(rows('z'.repeat(110)).join(''))
        .digest('hex'),
    ).toBe('62a19aeee80ec4787167e4eecf95375c08da1a4c05c496539c6472c54cf11aa2');
  });

  it('the SVG a payer scans decodes to the payment payload', () => {
    const payload = qrPayload({ reference: 'IPS-7f3a9c2e-0001', amount: '1234.50 EUR', descriptor: 'Café Zürich — order 42' });
    expect(scan(qrSvg(payload))).toBe(payload);
    const long = `IPS|R:${'r'.repeat(200)}`;
    expect(scan(qrSvg(long))).toBe(long);
  });

  it('an SVG with the quiet zone; too long a payload is refused', () => {
    expect(qrSvg('IPS')).toMatch(/^<svg [^>]*viewBox="0 0 29 29"/);
    expect(() => encodeQr('x'.repeat(300))).toThrow(/too long/);
  });
});
