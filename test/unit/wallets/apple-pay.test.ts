/** Apple Pay EC_v1: tokens built as Apple builds them (test chain) decrypt; signature, key and age checks refuse. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { appleSymmetricKey, decryptApplePayToken, parseCertificates, type ApplePayOptions } from '../../../shared/lib/wallets/apple-pay.js';
import { parseSignedData } from '../../../shared/lib/wallets/pkcs7.js';
import { WalletTokenError } from '../../../shared/lib/wallets/types.js';
import { appleEnvironment, applePayment, applePayToken, pkcs7 } from './fixtures/apple-token.js';
import { ecKeyPair } from './fixtures/google-token.js';

const test = appleEnvironment();
const production = appleEnvironment();
const merchant = ecKeyPair();
const MERCHANT_ID = 'merchant.com.example.shop';

const options = (over: Partial<ApplePayOptions> = {}): ApplePayOptions => ({
  privateKey: merchant.privateKey,
  merchantIdentifier: MERCHANT_ID,
  roots: parseCertificates(test.rootPem),
  otherEnvironmentRoots: parseCertificates(production.rootPem),
  now: new Date(),
  maxSignatureAgeMs: 5 * 60_000,
  ...over,
});
const token = (over: Partial<Parameters<typeof applePayToken>[0]> = {}) =>
  applePayToken({ env: test, merchantPublicKey: merchant.publicKey, merchantIdentifier: MERCHANT_ID, payment: applePayment(), ...over });
const reason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WalletTokenError) return err.reason;
    throw err;
  }
  return 'accepted';
};

describe('Apple Pay EC_v1', () => {
  it('derives the key with the concat KDF over "id-aes256-GCM", "Apple" and SHA-256(merchant id)', () => {
    const z = Buffer.alloc(32, 7);
    const expected = createHash('sha256')
      .update(
        Buffer.concat([
          Buffer.from('00000001', 'hex'),
          z,
          Buffer.from('0d', 'hex'),
          Buffer.from('id-aes256-GCMApple'),
          createHash('sha256').update('m').digest(),
        ]),
      )
      .digest('hex');
    expect(appleSymmetricKey(z, 'm').toString('hex')).toBe(expected);
  });

  it('reads the indefinite-length PKCS#7: certificates, signing time, digest', () => {
    const at = new Date('2030-01-02T03:04:05Z');
    const signed = parseSignedData(pkcs7(test, Buffer.from('content'), at));
    expect(signed.certificates.map((c) => c.subject)).toEqual([`CN=${test.leaf.subject}`, `CN=${test.intermediate.subject}`]);
    expect(signed.signingTime?.toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(signed.messageDigest.equals(createHash('sha256').update('content').digest())).toBe(true);
  });

  it('decrypts paymentData (or a whole PKPaymentToken) to the DPAN, expiry, cryptogram, ECI and amount', () => {
    for (const asPaymentToken of [false, true]) {
      const card = decryptApplePayToken(token({ asPaymentToken, applicationData: 'abcd' }), options());
      expect(card).toMatchObject({
        pan: '4111111111111111',
        expMonth: '01',
        expYear: '2038',
        panType: 'dpan',
        eci: '5',
        transactionAmount: 1000,
        currencyNumeric: '840',
      });
      expect(card.cryptogram).toBe('Af9x/QwAA/DjmU65oyc1MAABAAA=');
      expect(JSON.stringify(card)).not.toContain('4111111111111111');
    }
  });

  it('tells an environment mismatch from an untrusted chain', () => {
    const fromProduction = applePayToken({
      env: production,
      merchantPublicKey: merchant.publicKey,
      merchantIdentifier: MERCHANT_ID,
      payment: applePayment(),
    });
    expect(reason(() => decryptApplePayToken(fromProduction, options()))).toBe('environment');
    const forged = applePayToken({
      env: appleEnvironment(),
      merchantPublicKey: merchant.publicKey,
      merchantIdentifier: MERCHANT_ID,
      payment: applePayment(),
    });
    expect(reason(() => decryptApplePayToken(forged, options()))).toBe('signature');
  });

  it("requires Apple's leaf certificate marker", () => {
    const wrongLeaf = appleEnvironment({ leafExtension: '1.2.3.4' });
    const t = applePayToken({
      env: wrongLeaf,
      merchantPublicKey: merchant.publicKey,
      merchantIdentifier: MERCHANT_ID,
      payment: applePayment(),
    });
    expect(reason(() => decryptApplePayToken(t, options({ roots: parseCertificates(wrongLeaf.rootPem) })))).toBe('signature');
  });

  it('refuses another merchant key, another merchant identifier, an old signature', () => {
    expect(reason(() => decryptApplePayToken(token(), options({ privateKey: ecKeyPair().privateKey })))).toBe('wrong-key');
    expect(reason(() => decryptApplePayToken(token(), options({ merchantIdentifier: 'merchant.com.other' })))).toBe('decryption');
    expect(reason(() => decryptApplePayToken(token({ signingTime: new Date(Date.now() - 10 * 60_000) }), options()))).toBe('expired');
  });

  it('refuses RSA_v1, EMV and garbage', () => {
    const rsa = JSON.stringify({ ...JSON.parse(token()), version: 'RSA_v1' });
    expect(reason(() => decryptApplePayToken(rsa, options()))).toBe('unsupported-version');
    expect(reason(() => decryptApplePayToken(token({ payment: applePayment({ paymentDataType: 'EMV' }) }), options()))).toBe(
      'unsupported-payment',
    );
    for (const bad of ['', '{}', '{"version":"EC_v1"}', '{"version":"EC_v1","header":{},"data":"AA==","signature":"MAA="}']) {
      expect(reason(() => decryptApplePayToken(bad, options()))).not.toBe('accepted');
    }
  });

  it('any change to data, header or signature is refused (property)', () => {
    const original = JSON.parse(token()) as { data: string; signature: string; header: Record<string, string> };
    fc.assert(
      fc.property(
        fc.constantFrom('data', 'signature', 'ephemeralPublicKey', 'transactionId'),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (field, at, flip) => {
          const t = structuredClone(original);
          const holder: Record<string, string> =
            field === 'data' || field === 'signature' ? (t as unknown as Record<string, string>) : t.header;
          const encoding = field === 'transactionId' ? 'hex' : 'base64';
          const bytes = Buffer.from(holder[field]!, encoding);
          const i = at % bytes.length;
          bytes[i] = bytes[i]! ^ flip;
          holder[field] = bytes.toString(encoding);
          expect(reason(() => decryptApplePayToken(JSON.stringify(t), options()))).not.toBe('accepted');
        },
      ),
      { numRuns: 60 },
    );
  });
});
