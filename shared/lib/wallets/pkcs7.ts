/**
 * The detached PKCS#7 (CMS SignedData) signature of an Apple Pay token, decoded by asn1js (der.ts): the certificates, the
 * signed attributes (messageDigest, signingTime) and the signer's ECDSA signature over those attributes.
 */
import { X509Certificate } from 'node:crypto';
import { Asn1Error, child, oidOf, parseAsn1, timeOf, type Asn1 } from './der.js';
import { WalletTokenError } from './types.js';

const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const OID_DATA = '1.2.840.113549.1.7.1';
const OID_ECDSA_SHA256 = '1.2.840.10045.4.3.2';

export interface SignedData {
  certificates: X509Certificate[];
  /** issuerAndSerialNumber of the signer: issuer Name (DER) and serial number (hex, no leading zeros). */
  signer: { issuer: Buffer; serial: string };
  /** The signed attributes re-tagged as SET OF (what the signature covers). */
  signedAttributes: Buffer;
  signature: Buffer;
  messageDigest: Buffer;
  signingTime?: Date;
}

export function parseSignedData(der: Buffer): SignedData {
  try {
    // Every part is checked, signed or not: a token whose container was altered is not Apple's token.
    const contentInfo = parseAsn1(der);
    expect(contentInfo.tag === 0x30 && oidOf(child(contentInfo, 0)) === OID_SIGNED_DATA, 'not SignedData');
    const signedData = child(child(contentInfo, 1, 0xa0), 0, 0x30);
    expect(integer(child(signedData, 0, 0x02)) === '1', 'SignedData version');
    expect(
      child(signedData, 1, 0x31).children.some((a) => algorithm(a) === OID_SHA256),
      'digest algorithms',
    );
    const encap = child(signedData, 2, 0x30);
    expect(oidOf(child(encap, 0)) === OID_DATA && encap.children.length === 1, 'detached data content');
    const certSet = signedData.children.find((c) => c.tag === 0xa0);
    const certificates = (certSet?.children ?? []).map((c) => new X509Certificate(c.raw));
    const signerInfos = signedData.children[signedData.children.length - 1];
    expect(signerInfos?.tag === 0x31 && signerInfos.children.length === 1, 'exactly one signer');
    const signer = child(signerInfos, 0, 0x30);
    expect(integer(child(signer, 0, 0x02)) === '1', 'SignerInfo version');
    const sid = child(signer, 1, 0x30);
    expect(algorithm(child(signer, 2)) === OID_SHA256, 'digest algorithm (SHA-256 only)');
    expect(algorithm(child(signer, 4)) === OID_ECDSA_SHA256 && signer.children.length === 6, 'signature algorithm');
    const attrs = child(signer, 3, 0xa0);
    const signature = child(signer, 5, 0x04).content;
    const attr = (oid: string): Asn1 | undefined => attrs.children.find((a) => oidOf(a.children[0]) === oid)?.children[1]?.children[0];
    const digest = attr(OID_MESSAGE_DIGEST);
    if (!digest || digest.tag !== 0x04) throw new Asn1Error('no messageDigest attribute');
    const time = attr(OID_SIGNING_TIME);
    // Signed attributes are signed as an explicit SET OF, not with their [0] IMPLICIT tag.
    const signedAttributes = Buffer.from(attrs.raw);
    signedAttributes[0] = 0x31;
    return {
      certificates,
      signer: { issuer: child(sid, 0, 0x30).raw, serial: integer(child(sid, 1, 0x02)) },
      signedAttributes,
      signature,
      messageDigest: digest.content,
      signingTime: time ? timeOf(time) : undefined,
    };
  } catch (err) {
    if (err instanceof WalletTokenError) throw err;
    throw new WalletTokenError('malformed', `signature is not a readable PKCS#7 SignedData (${(err as Error).message})`);
  }
}

/** An AlgorithmIdentifier: SEQUENCE { OID, optional NULL parameters }. */
function algorithm(node: Asn1): string {
  const params = node.children[1];
  expect(
    node.tag === 0x30 && node.children.length <= 2 && (!params || (params.tag === 0x05 && params.content.length === 0)),
    'algorithm identifier',
  );
  return oidOf(node.children[0]);
}

function expect(ok: boolean, what: string): void {
  if (!ok) throw new Asn1Error(`unexpected ${what}`);
}

/** A non-negative INTEGER as hex without leading zeros (X509Certificate.serialNumber's form, lower-cased). */
export function integer(node: Asn1): string {
  return (
    node.content
      .toString('hex')
      .replace(/^(00)+(?=.)/, '')
      .replace(/^0(?=.)/, '') || '0'
  );
}

/** The issuer Name (DER) and serial number of a certificate, to match a SignerInfo's issuerAndSerialNumber. */
export function issuerAndSerial(cert: X509Certificate): { issuer: Buffer; serial: string } {
  const tbs = child(parseAsn1(cert.raw), 0, 0x30);
  const hasVersion = tbs.children[0]?.tag === 0xa0;
  return { issuer: child(tbs, hasVersion ? 3 : 2, 0x30).raw, serial: integer(child(tbs, hasVersion ? 1 : 0, 0x02)) };
}
