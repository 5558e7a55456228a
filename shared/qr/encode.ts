/**
 * A QR code encoder (ISO/IEC 18004), enough for payment references: byte mode, error correction level M, versions
 * 1–10 (up to 213 bytes), a fixed mask. The platform ships no QR dependency, and a scannable code of the reference is
 * what the instant-payment page must show. Follows the standard's construction step by step: data bits → codewords
 * → Reed–Solomon blocks, interleaved → function patterns → zig-zag placement → mask → format and version bits.
 */

/** Per version 1–10, level M: total codewords, error-correction codewords per block, number of blocks. */
const VERSIONS: ReadonlyArray<{ total: number; ecPerBlock: number; blocks: number; align: number[] }> = [
  { total: 26, ecPerBlock: 10, blocks: 1, align: [] },
  { total: 44, ecPerBlock: 16, blocks: 1, align: [6, 18] },
  { total: 70, ecPerBlock: 26, blocks: 1, align: [6, 22] },
  { total: 100, ecPerBlock: 18, blocks: 2, align: [6, 26] },
  { total: 134, ecPerBlock: 24, blocks: 2, align: [6, 30] },
  { total: 172, ecPerBlock: 16, blocks: 4, align: [6, 34] },
  { total: 196, ecPerBlock: 18, blocks: 4, align: [6, 22, 38] },
  { total: 242, ecPerBlock: 22, blocks: 4, align: [6, 24, 42] },
  { total: 292, ecPerBlock: 22, blocks: 5, align: [6, 26, 46] },
  { total: 346, ecPerBlock: 26, blocks: 5, align: [6, 28, 50] },
];

/** Level M's two format bits; the mask used (any mask decodes: the format bits name it). */
const LEVEL_M = 0b00;
const MASK = 0;

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D). */
function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

/** Generator polynomial of degree n (roots α^0 … α^(n−1)), leading coefficient omitted. */
function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMul(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = gfMul(root, 0x02);
  }
  return result;
}

/** The error-correction codewords of one block. */
export function rsRemainder(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const b of data) {
    const factor = b ^ result.shift()!;
    result.push(0);
    divisor.forEach((coef, i) => (result[i]! ^= gfMul(coef, factor)));
  }
  return result;
}

function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const v = VERSIONS[version - 1]!;
  const capacity = v.total - v.ecPerBlock * v.blocks;
  const bits: number[] = [];
  const push = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4); // byte mode
  push(bytes.length, version <= 9 ? 8 : 16);
  for (const b of bytes) push(b, 8);
  push(0, Math.min(4, capacity * 8 - bits.length)); // terminator
  while (bits.length % 8) bits.push(0);
  const words: number[] = [];
  for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; words.length < capacity; pad ^= 0xec ^ 0x11) words.push(pad);
  return words;
}

/** Data split into blocks (short ones first), each with its EC codewords, then interleaved column by column. */
function interleaved(data: number[], version: number): number[] {
  const v = VERSIONS[version - 1]!;
  const shortBlocks = v.blocks - (v.total % v.blocks);
  const shortLen = Math.floor(v.total / v.blocks);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < v.blocks; i++) {
    const dat = data.slice(k, k + shortLen - v.ecPerBlock + (i < shortBlocks ? 0 : 1));
    k += dat.length;
    const ec = rsRemainder(dat, v.ecPerBlock);
    if (i < shortBlocks) dat.push(0); // placeholder, skipped below
    blocks.push([...dat, ...ec]);
  }
  const out: number[] = [];
  for (let i = 0; i < blocks[0]!.length; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortLen - v.ecPerBlock || j >= shortBlocks) out.push(block[i]!);
    });
  }
  return out;
}

export interface QrMatrix {
  size: number;
  /** modules[y][x]: true is dark. */
  modules: boolean[][];
}

/** The smallest version that holds `text` (UTF-8) at level M. */
export function encodeQr(text: string): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  const version = VERSIONS.findIndex((v, i) => bytes.length + (i + 1 <= 9 ? 2 : 3) <= v.total - v.ecPerBlock * v.blocks) + 1;
  if (version === 0) throw new Error(`QR payload too long: ${bytes.length} bytes`);
  const size = version * 4 + 17;
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, dark: boolean) => {
    modules[y]![x] = dark;
    reserved[y]![x] = true;
  };

  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, dist !== 2 && dist !== 4);
      }
    }
  }
  const align = VERSIONS[version - 1]!.align;
  align.forEach((ax, i) =>
    align.forEach((ay, j) => {
      const last = align.length - 1;
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  drawFormat(set, size, 0); // reserve its modules; the real bits come after masking
  if (version >= 7) {
    let rem = version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }

  const codewords = interleaved(dataCodewords(bytes, version), version);
  let bit = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (reserved[y]![x] || bit >= codewords.length * 8) continue;
        modules[y]![x] = ((codewords[bit >>> 3]! >>> (7 - (bit & 7))) & 1) === 1;
        bit++;
      }
    }
  }
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (!reserved[y]![x] && (x + y) % 2 === 0) modules[y]![x] = !modules[y]![x];
  drawFormat(set, size, formatBits(MASK));
  return { size, modules };
}

/** 15 format bits: level and mask, BCH(15,5), XOR 0x5412. */
export function formatBits(mask: number): number {
  const data = (LEVEL_M << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

function drawFormat(set: (x: number, y: number, dark: boolean) => void, size: number, bits: number): void {
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
  set(8, size - 8, true); // the dark module
}

/** An SVG of the code with its 4-module quiet zone; one path, so it stays small. */
export function qrSvg(text: string, moduleSize = 6): string {
  const { size, modules } = encodeQr(text);
  const quiet = 4;
  const full = size + quiet * 2;
  let path = '';
  modules.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x + quiet},${y + quiet}h1v1h-1z` : '')));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" width="${full * moduleSize}" height="${full * moduleSize}" shape-rendering="crispEdges" role="img" aria-label="QR code"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
