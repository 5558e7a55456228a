/**
 * A minimal ASN.1 BER/DER reader for what wallet tokens carry (PKCS#7 signatures, X.509 extensions). Apple's
 * PKCS#7 uses indefinite lengths on its outer layers, so those are read too; anything malformed throws.
 */
export interface Asn1 {
  tag: number;
  /** The whole element (header + content), as it appeared. */
  raw: Buffer;
  /** The content octets (for indefinite lengths: without the end-of-contents marker). */
  content: Buffer;
  children: Asn1[];
}

export class Asn1Error extends Error {}

const MAX_DEPTH = 32;

export function parseAsn1(buf: Buffer): Asn1 {
  const { node, end } = readAt(buf, 0, 0);
  if (end !== buf.length) throw new Asn1Error('Trailing data after ASN.1 element');
  return node;
}

function readAt(buf: Buffer, offset: number, depth: number): { node: Asn1; end: number } {
  if (depth > MAX_DEPTH) throw new Asn1Error('ASN.1 nesting too deep');
  if (offset + 2 > buf.length) throw new Asn1Error('Truncated ASN.1 header');
  const tag = buf[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new Asn1Error('High tag numbers are not supported');
  const constructed = (tag & 0x20) !== 0;
  let pos = offset + 1;
  const first = buf[pos++]!;
  if (first === 0x80) {
    if (!constructed) throw new Asn1Error('Indefinite length on a primitive element');
    const children: Asn1[] = [];
    const start = pos;
    for (;;) {
      if (pos + 2 > buf.length) throw new Asn1Error('Missing end-of-contents');
      if (buf[pos] === 0 && buf[pos + 1] === 0) break;
      const child = readAt(buf, pos, depth + 1);
      children.push(child.node);
      pos = child.end;
    }
    return { node: { tag, raw: buf.subarray(offset, pos + 2), content: buf.subarray(start, pos), children }, end: pos + 2 };
  }
  let length = first;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n === 0 || n > 4 || pos + n > buf.length) throw new Asn1Error('Unsupported ASN.1 length');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[pos++]!;
  }
  const end = pos + length;
  if (end > buf.length) throw new Asn1Error('ASN.1 length beyond the data');
  const content = buf.subarray(pos, end);
  const children: Asn1[] = [];
  if (constructed) {
    let p = pos;
    while (p < end) {
      const child = readAt(buf, p, depth + 1);
      if (child.end > end) throw new Asn1Error('ASN.1 child beyond its parent');
      children.push(child.node);
      p = child.end;
    }
  }
  return { node: { tag, raw: buf.subarray(offset, end), content, children }, end };
}

/** Dotted form of an OBJECT IDENTIFIER element. */
export function oidOf(node: Asn1 | undefined): string {
  if (!node || node.tag !== 0x06 || node.content.length === 0) throw new Asn1Error('Expected an OBJECT IDENTIFIER');
  const bytes = node.content;
  const parts: number[] = [];
  let value = 0;
  for (const b of bytes) {
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  const head = parts.shift()!;
  const a = Math.min(2, Math.floor(head / 40));
  return [a, head - a * 40, ...parts].join('.');
}

export function child(node: Asn1 | undefined, index: number, tag?: number): Asn1 {
  const c = node?.children[index];
  if (!c || (tag !== undefined && c.tag !== tag)) throw new Asn1Error(`Unexpected ASN.1 structure at child ${index}`);
  return c;
}

/** The OIDs of a certificate's extensions (tbsCertificate [3]). */
export function extensionOids(certificateDer: Buffer): string[] {
  const tbs = child(parseAsn1(certificateDer), 0, 0x30);
  const exts = tbs.children.find((c) => c.tag === 0xa3);
  if (!exts) return [];
  return child(exts, 0, 0x30).children.map((ext) => oidOf(ext.children[0]));
}

/** UTCTime / GeneralizedTime → Date. */
export function timeOf(node: Asn1): Date {
  const text = node.content.toString('latin1');
  const m =
    node.tag === 0x17
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m || (node.tag !== 0x17 && node.tag !== 0x18)) throw new Asn1Error('Unsupported time value');
  const year = node.tag === 0x17 ? (Number(m[1]) >= 50 ? 1900 : 2000) + Number(m[1]) : Number(m[1]);
  return new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}
