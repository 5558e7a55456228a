/**
 * ASN.1 BER/DER decoded by asn1js (the decoder PKI.js is built on), seen as the small tree pkcs7.ts and apple-pay.ts
 * walk: each element's tag byte, its bytes as they appeared and its children. Apple's PKCS#7 uses indefinite lengths
 * on its outer layers, which BER decoding reads; anything the library cannot decode throws Asn1Error.
 */
import { fromBER, GeneralizedTime, ObjectIdentifier, UTCTime, type AsnType, type FromBerOptions } from 'asn1js';

export interface Asn1 {
  /** The identifier octet: class, constructed bit and tag number (below 31). */
  tag: number;
  /** The whole element (header + content), as it appeared. */
  raw: Buffer;
  /** The content octets (for indefinite lengths: without the end-of-contents marker). */
  content: Buffer;
  children: Asn1[];
}

export class Asn1Error extends Error {}

/** A token is untrusted input: nesting well past what Apple's PKCS#7 needs is refused; OCTET STRINGs stay bytes. */
const LIMITS: FromBerOptions = { maxDepth: 32, parseEmbedded: false };

export function parseAsn1(buf: Buffer): Asn1 {
  const decoded = decode(buf);
  if (decoded.valueBeforeDecodeView.length !== buf.length) throw new Asn1Error('Trailing data after ASN.1 element');
  return tree(decoded);
}

/** One element decoded by the library; its error (or a throw from deep inside it) as Asn1Error. */
function decode(buf: Uint8Array): AsnType {
  let offset: number;
  let result: AsnType;
  try {
    ({ offset, result } = fromBER(buf, LIMITS));
  } catch (err) {
    throw new Asn1Error(`Unreadable ASN.1 (${(err as Error).message})`);
  }
  if (offset === -1) throw new Asn1Error(result.error || 'Unreadable ASN.1');
  return result;
}

function tree(block: AsnType): Asn1 {
  const { idBlock, lenBlock } = block;
  if (idBlock.isHexOnly || idBlock.tagNumber >= 31) throw new Asn1Error('High tag numbers are not supported');
  const view = block.valueBeforeDecodeView;
  const raw = Buffer.from(view.buffer, view.byteOffset, view.length);
  const header = idBlock.blockLength + lenBlock.blockLength;
  const content = raw.subarray(header, raw.length - (lenBlock.isIndefiniteForm ? 2 : 0));
  const inner = (block.valueBlock as { value?: unknown }).value;
  const children = idBlock.isConstructed && Array.isArray(inner) ? (inner as AsnType[]).map(tree) : [];
  // asn1js reads BER leniently (a child running past its parent, an altered end-of-contents): each element must be
  // exactly its header, its children end to end, and its end-of-contents marker, as the bytes Apple signed are.
  let at = content.byteOffset;
  for (const c of children) {
    if (c.raw.buffer !== raw.buffer || c.raw.byteOffset !== at) throw new Asn1Error('ASN.1 child outside its parent');
    at += c.raw.length;
  }
  if (idBlock.isConstructed && at !== content.byteOffset + content.length) throw new Asn1Error('ASN.1 children do not fill their parent');
  if (!lenBlock.isIndefiniteForm && lenBlock.length !== content.length) throw new Asn1Error('ASN.1 length does not match its content');
  if (lenBlock.isIndefiniteForm && (raw.length < header + 2 || raw[raw.length - 2] !== 0 || raw[raw.length - 1] !== 0))
    throw new Asn1Error('Missing end-of-contents');
  return { tag: ((idBlock.tagClass - 1) << 6) | (idBlock.isConstructed ? 0x20 : 0) | idBlock.tagNumber, raw, content, children };
}

/** Dotted form of an OBJECT IDENTIFIER element. */
export function oidOf(node: Asn1 | undefined): string {
  if (!node || node.tag !== 0x06 || node.content.length === 0) throw new Asn1Error('Expected an OBJECT IDENTIFIER');
  const oid = decode(node.raw);
  if (!(oid instanceof ObjectIdentifier)) throw new Asn1Error('Expected an OBJECT IDENTIFIER');
  return oid.getValue();
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
  const time = node.tag === 0x17 || node.tag === 0x18 ? decode(node.raw) : undefined;
  if (!(time instanceof UTCTime || time instanceof GeneralizedTime)) throw new Asn1Error('Unsupported time value');
  const at = time.toDate();
  if (Number.isNaN(at.getTime())) throw new Asn1Error('Unsupported time value');
  return at;
}
