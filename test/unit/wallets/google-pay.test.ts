/** Google Pay ECv2: tokens built as Google builds them (test root) decrypt; every check refuses what it should. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inspect } from 'node:util';
import { decryptGooglePayToken, parseGoogleRootKeys, signedString, type GooglePayOptions } from '../../../shared/lib/wallets/google-pay.js';
import { WalletTokenError } from '../../../shared/lib/wallets/types.js';
import { ecKeyPair, googleEnvironment, googleMessage, googlePayToken, type GoogleCard } from './fixtures/google-token.js';

const test = googleEnvironment();
const production = googleEnvironment();
const merchant = ecKeyPair();
const RECIPIENT = 'gateway:openpayments';
const CLIENT_KEY = 'client-key-1';
const DPAN: GoogleCard = {
  pan: '4111111111111111',
  expirationMonth: 1,
  expirationYear: 2038,
  authMethod: 'CRYPTOGRAM_3DS',
  cryptogram: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  eciIndicator: '05',
};

const options = (over: Partial<GooglePayOptions> = {}): GooglePayOptions => ({
  privateKey: merchant.privateKey,
  recipientId: RECIPIENT,
  roots: parseGoogleRootKeys(test.keysJson),
  otherEnvironmentRoots: parseGoogleRootKeys(production.keysJson),
  gatewayMerchantId: CLIENT_KEY,
  now: new Date(),
  ...over,
});
const token = (card: GoogleCard = DPAN, over: Partial<Parameters<typeof googlePayToken>[0]> = {}) =>
  googlePayToken({
    env: test,
    recipientPublicKey: merchant.publicKey,
    recipientId: RECIPIENT,
    message: googleMessage(card, { gatewayMerchantId: CLIENT_KEY }),
    ...over,
  });
const reason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WalletTokenError) return err.reason;
    throw err;
  }
  return 'accepted';
};

describe('Google Pay ECv2', () => {
  it('signed strings are 4-byte little-endian length-value pairs', () => {
    expect(signedString('Google', 'ECv2').toString('hex')).toBe('06000000476f6f676c650400000045437632');
  });

  it('decrypts a CRYPTOGRAM_3DS token to a DPAN with cryptogram and ECI', () => {
    const card = decryptGooglePayToken(token(), options());
    expect(card).toMatchObject({
      pan: '4111111111111111',
      expMonth: '01',
      expYear: '2038',
      panType: 'dpan',
      authMethod: 'CRYPTOGRAM_3DS',
      eci: '05',
    });
    expect(card.cryptogram).toBe(DPAN.cryptogram);
  });

  it('decrypts a PAN_ONLY token to an FPAN, also inside a whole PaymentData', () => {
    const card = decryptGooglePayToken(
      token({ pan: '5555555555554444', expirationMonth: 12, expirationYear: 2039, authMethod: 'PAN_ONLY' }, { asPaymentData: true }),
      options(),
    );
    expect(card).toMatchObject({ pan: '5555555555554444', expMonth: '12', expYear: '2039', panType: 'fpan', cryptogram: undefined });
  });

  it('never prints the PAN or cryptogram', () => {
    const card = decryptGooglePayToken(token(), options());
    const shown = [JSON.stringify(card), inspect(card), JSON.stringify({ ...card })].join(' ');
    expect(shown).not.toContain('4111111111111111');
    expect(shown).not.toContain(DPAN.cryptogram);
    expect(shown).toContain('411111****1111');
  });

  it('tells an environment mismatch from a forged signature', () => {
    const fromProduction = googlePayToken({
      env: production,
      recipientPublicKey: merchant.publicKey,
      recipientId: RECIPIENT,
      message: googleMessage(DPAN, { gatewayMerchantId: CLIENT_KEY }),
    });
    expect(reason(() => decryptGooglePayToken(fromProduction, options()))).toBe('environment');
    const forged = googlePayToken({
      env: googleEnvironment(),
      recipientPublicKey: merchant.publicKey,
      recipientId: RECIPIENT,
      message: googleMessage(DPAN, { gatewayMerchantId: CLIENT_KEY }),
    });
    expect(reason(() => decryptGooglePayToken(forged, options()))).toBe('signature');
  });

  it('refuses another recipient, another merchant key, another gatewayMerchantId', () => {
    expect(reason(() => decryptGooglePayToken(token(DPAN, { recipientId: 'gateway:someone-else' }), options()))).toBe('signature');
    expect(reason(() => decryptGooglePayToken(token(), options({ privateKey: ecKeyPair().privateKey })))).toBe('decryption');
    expect(reason(() => decryptGooglePayToken(token(), options({ gatewayMerchantId: 'other' })))).toBe('recipient');
  });

  it('refuses expired intermediate keys, expired messages and expired roots', () => {
    expect(reason(() => decryptGooglePayToken(token(DPAN, { intermediateExpiresAt: Date.now() - 1000 }), options()))).toBe('expired');
    const old = googlePayToken({
      env: test,
      recipientPublicKey: merchant.publicKey,
      recipientId: RECIPIENT,
      message: googleMessage(DPAN, { gatewayMerchantId: CLIENT_KEY, expiresAt: Date.now() - 1 }),
    });
    expect(reason(() => decryptGooglePayToken(old, options()))).toBe('expired');
    expect(reason(() => decryptGooglePayToken(token(), options({ now: new Date(Date.now() + 2 * 365 * 86_400_000) })))).toBe('signature');
  });

  it('refuses unsupported versions, methods and garbage', () => {
    const v1 = JSON.stringify({ ...JSON.parse(token()), protocolVersion: 'ECv1' });
    expect(reason(() => decryptGooglePayToken(v1, options()))).toBe('unsupported-version');
    const paypal = googlePayToken({
      env: test,
      recipientPublicKey: merchant.publicKey,
      recipientId: RECIPIENT,
      message: googleMessage(DPAN, { gatewayMerchantId: CLIENT_KEY, paymentMethod: 'PAYPAL' }),
    });
    expect(reason(() => decryptGooglePayToken(paypal, options()))).toBe('unsupported-payment');
    for (const bad of ['', 'null', '[]', '{}', '{"protocolVersion":"ECv2"}', 'not json'])
      expect(reason(() => decryptGooglePayToken(bad, options()))).not.toBe('accepted');
  });

  it('any change to the signed message or its signature is refused (property)', () => {
    const original = token();
    fc.assert(
      fc.property(fc.constantFrom('signedMessage', 'signature'), fc.nat(), fc.integer({ min: 1, max: 255 }), (field, at, flip) => {
        const t = JSON.parse(original) as Record<string, string>;
        const bytes = Buffer.from(t[field]!, field === 'signature' ? 'base64' : 'utf8');
        const i = at % bytes.length;
        bytes[i] = bytes[i]! ^ flip;
        t[field] = bytes.toString(field === 'signature' ? 'base64' : 'utf8');
        expect(reason(() => decryptGooglePayToken(JSON.stringify(t), options()))).not.toBe('accepted');
      }),
      { numRuns: 60 },
    );
  });

  it('round-trips any card number and expiry (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{12,19}$/),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2025, max: 2099 }),
        fc.boolean(),
        (pan, m, y, crypto) => {
          const card = decryptGooglePayToken(
            token({
              pan,
              expirationMonth: m,
              expirationYear: y,
              authMethod: crypto ? 'CRYPTOGRAM_3DS' : 'PAN_ONLY',
              ...(crypto ? { cryptogram: 'abc' } : {}),
            }),
            options(),
          );
          expect([card.pan, card.expMonth, card.expYear, card.panType]).toEqual([
            pan,
            String(m).padStart(2, '0'),
            String(y),
            crypto ? 'dpan' : 'fpan',
          ]);
        },
      ),
      { numRuns: 25 },
    );
  });
});
