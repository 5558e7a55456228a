/**
 * The instant-payment page's QR code: the payload's UTF-8 bytes in byte mode at error correction level M, encoded by
 * `uqr` (ISO/IEC 18004), drawn here as one SVG path with the standard's 4-module quiet zone so the page stays small
 * and runs no script.
 */
import { encode } from 'uqr';

export interface QrMatrix {
  size: number;
  /** modules[y][x]: true is dark. */
  modules: boolean[][];
}

/**
 * The smallest version (1–10, up to 213 bytes: dense enough for any phone camera) that holds `text` at level M.
 * Bytes, not a string, keep uqr in byte mode (bank apps read the payload back as text); mask 0 and no boosted level
 * keep the drawing the same for the same payload. Too long a payload throws ("Data too long").
 */
export function encodeQr(text: string): QrMatrix {
  const qr = encode([...new TextEncoder().encode(text)], { ecc: 'M', maskPattern: 0, boostEcc: false, maxVersion: 10, border: 0 });
  return { size: qr.size, modules: qr.data };
}

/** An SVG of the code with its quiet zone; one path, so it stays small. */
export function qrSvg(text: string, moduleSize = 6): string {
  const { size, modules } = encodeQr(text);
  const quiet = 4;
  const full = size + quiet * 2;
  let path = '';
  modules.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x + quiet},${y + quiet}h1v1h-1z` : '')));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" width="${full * moduleSize}" height="${full * moduleSize}" shape-rendering="crispEdges" role="img" aria-label="QR code"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
