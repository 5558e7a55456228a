/** The SDK's formulas against protocol.md's vectors, and verifyCallback on hand-made bodies. */
import { describe, expect, it } from 'vitest';
import { hashes, verifyCallback } from '@open-payments/node';
import * as platform from '../../../shared/protocol/signature.js';
import * as platformHeader from '../../../shared/protocol/callbacks/signature-header.js';

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';

describe('protocol.md vectors', () => {
  it('S2S CARD Formulas 1–8', () => {
    expect(hashes.formula1({ email: 'doe@example.com', password: PASSWORD, cardNumber: '4111111111111111' })).toBe(
      '2702ae0c4f99506dc29b5615ba9ee3c0',
    );
    expect(
      hashes.formula2({
        email: 'doe@example.com',
        password: PASSWORD,
        transId: 'aaaff66a-904f-11ea-833e-0242ac1f0007',
        cardNumber: '4111111111111111',
      }),
    ).toBe('fc359ea0b4830271f611c30135761c85');
    expect(hashes.formula3({ password: PASSWORD })).toBe('a502bf68507916a7668595571964473e');
    expect(hashes.formula4({ scheduleId: '9d0f5cc4-f07b-11ec-abf4-0242ac120006', password: PASSWORD })).toBe(
      'b2412581e1173244d0497d4d0c7046da',
    );
    expect(hashes.formula5({ password: PASSWORD, cardNumber: '4917111111111111' })).toBe('8a8a97d9ed8841651179e0dc1ebd3e14');
    expect(hashes.formula6({ password: PASSWORD, transId: 'e5098d62-6d08-11eb-9da3-0242ac120013', cardNumber: '4917111111111111' })).toBe(
      '029840a0f4e9e2715cd9385b4170fe5b',
    );
    expect(hashes.formula8({ email: 'doe@example.com', password: PASSWORD })).toBe('e2dbee6ed22ec2cb33b22a9d2a700682');
  });

  it('S2S APM signatures', () => {
    const trans = 'aaaff66a-904f-11ea-833e-0242ac1f0007';
    expect(
      hashes.apmSaleHash({
        identifier: 'success@gmail.com',
        orderId: 'ORDER12345',
        orderAmount: '1.99',
        orderCurrency: 'USD',
        password: PASSWORD,
      }),
    ).toBe('040e400e160c694b38e3d9dee3536e52');
    expect(hashes.apmCreditvoidHash({ transId: trans, password: PASSWORD })).toBe('4d53555bfcf87c688194040334da5e05');
    expect(hashes.apmTransIdHash({ transId: trans, password: PASSWORD })).toBe('3b075d467020699ef0594595b8b2d2a7');
    expect(hashes.apmCredit2VirtualHash({ orderId: 'ORDER12345', orderAmount: '1.99', orderCurrency: 'USD', password: PASSWORD })).toBe(
      'e3ecc4b9404509b05ab7a19c0ba98026',
    );
  });

  it('Checkout sha1(md5(...))', () => {
    expect(hashes.checkoutHash(['order-1234', '0.19', 'USD', 'Important gift'], PASSWORD)).toBe('792a4240d9f0bacd631d923d79ed9447b058eb6d');
    expect(hashes.checkoutHash(['63c781cc-de3d-11eb-a1f1-0242ac130006', '0.10'], PASSWORD)).toBe(
      '32b951469eb0137654a1c41c5fdfc4c40a866efa',
    );
    expect(hashes.checkoutHash(['f0a51dfa-fc43-11ec-8128-0242ac120004', 'order-1234', '3.01', 'USD', 'bloodline'], PASSWORD)).toBe(
      'be3aaa35ff85d0d7aa8f6aaf08805be860b508c8',
    );
  });
});

describe('one implementation', () => {
  it('the SDK signs with the functions the platform verifies with (@open-payments/protocol)', () => {
    for (const name of ['formula1', 'formula2', 'formula6', 'apmSaleHash', 'apmCallbackHash', 'checkoutHash'] as const) {
      expect(hashes[name]).toBe(platform[name]);
    }
  });
});

describe('verifyCallback shapes', () => {
  it('checks an S2S CARD callback without a card (a wallet payment) when told the protocol', () => {
    const trans = 'aaaff66a-904f-11ea-833e-0242ac1f0007';
    const fields = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'o-1', trans_id: trans, digital_wallet: 'applepay' };
    const hash = platform.formula2({ email: 'doe@example.com', password: PASSWORD, transId: trans, cardNumber: '' });
    const body = new URLSearchParams({ ...fields, hash }).toString();
    const event = verifyCallback(
      body,
      {},
      { password: PASSWORD, signingSecret: 'x', requireSignature: false, protocol: 's2s-card', payerEmail: 'doe@example.com' },
    );
    expect(event).toMatchObject({ protocol: 's2s-card', data: { trans_id: trans } });
    // Left to the shape, a card-less S2S callback reads as S2S APM, whose hash it does not match.
    expect(() => verifyCallback(body, {}, { password: PASSWORD, signingSecret: 'x', requireSignature: false })).toThrow(
      expect.objectContaining({ reason: 'hash_mismatch' }),
    );
  });

  describe('an S2S CARD callback signed with X-Callback-Signature', () => {
    const trans = 'aaaff66a-904f-11ea-833e-0242ac1f0007';
    const now = 1_760_000_000;
    const hash = platform.formula2({ email: 'doe@example.com', password: PASSWORD, transId: trans, cardNumber: '411111****1111' });
    const body = new URLSearchParams({
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: 'o-1',
      trans_id: trans,
      card: '411111****1111',
      hash,
    }).toString();
    const headers = { 'x-callback-signature': platformHeader.signatureHeader(body, now, ['cbs_1']), 'x-callback-event-id': 'evt-1' };

    it('needs only the signing secret, as a string or the bytes received', () => {
      expect(verifyCallback(body, headers, { signingSecret: 'cbs_1', now })).toMatchObject({
        protocol: 's2s-card',
        hashVerified: false,
        eventId: 'evt-1',
        signedAt: now,
        data: { result: 'SUCCESS' },
      });
      expect(verifyCallback(Buffer.from(body), headers, { signingSecret: ['cbs_new', 'cbs_1'], now }).data.trans_id).toBe(trans);
      expect(() => verifyCallback(body, headers, { signingSecret: 'cbs_2', now })).toThrow(
        expect.objectContaining({ reason: 'signature_mismatch' }),
      );
    });

    it('checks the protocol hash too when given the password and the payer e-mail, and not without the e-mail', () => {
      expect(verifyCallback(body, headers, { signingSecret: 'cbs_1', now, password: PASSWORD }).hashVerified).toBe(false);
      expect(
        verifyCallback(body, headers, { signingSecret: 'cbs_1', now, password: PASSWORD, payerEmail: 'doe@example.com' }).hashVerified,
      ).toBe(true);
      expect(() =>
        verifyCallback(body, headers, { signingSecret: 'cbs_1', now, password: PASSWORD, payerEmail: 'other@example.com' }),
      ).toThrow(expect.objectContaining({ reason: 'hash_mismatch' }));
    });

    it('without the header, the protocol hash is the only check: refused unless allowed, and then password and e-mail are needed', () => {
      expect(() => verifyCallback(body, {}, { signingSecret: 'cbs_1', now, password: PASSWORD, payerEmail: 'doe@example.com' })).toThrow(
        expect.objectContaining({ reason: 'missing_signature' }),
      );
      const unsigned = { signingSecret: [], now, requireSignature: false };
      expect(() => verifyCallback(body, {}, unsigned)).toThrow(expect.objectContaining({ reason: 'missing_signature' }));
      expect(() => verifyCallback(body, {}, { ...unsigned, password: PASSWORD })).toThrow(
        expect.objectContaining({ reason: 'missing_payer_email' }),
      );
      expect(verifyCallback(body, {}, { ...unsigned, password: PASSWORD, payerEmail: 'doe@example.com' }).hashVerified).toBe(true);
    });
  });
});
