/**
 * Every test vector of the protocol reference (protocol.md §2.1–2.3), run against @open-payments/protocol: the one
 * implementation the platform, the Node SDK and the mobile SDK all sign and verify with.
 */
import { describe, expect, it } from 'vitest';
import {
  apmCallbackHash,
  apmCallbackHashInput,
  apmCredit2VirtualHash,
  apmCreditvoidHash,
  apmSaleHash,
  apmTransIdHash,
  checkoutHash,
  formula1,
  formula2,
  formula3,
  formula4,
  formula5,
  formula6,
  formula8,
  idHash,
  paymentAmountHash,
  paymentHash,
  sessionHash,
} from '@open-payments/protocol';

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const EMAIL = 'doe@example.com';
const signer = { password: PASSWORD };
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('§2.1 S2S CARD', () => {
  it('the documented SALE example (Formula 1)', () => {
    expect(formula1({ email: EMAIL, password: PASSWORD, cardNumber: '4111111111111111' })).toBe('2702ae0c4f99506dc29b5615ba9ee3c0');
  });

  it.each([
    [
      'F2',
      () => formula2({ email: EMAIL, password: PASSWORD, transId: 'aaaff66a-904f-11ea-833e-0242ac1f0007', cardNumber: '4111111111111111' }),
      'fc359ea0b4830271f611c30135761c85',
    ],
    ['F3', () => formula3({ password: PASSWORD }), 'a502bf68507916a7668595571964473e'],
    ['F4', () => formula4({ scheduleId: '9d0f5cc4-f07b-11ec-abf4-0242ac120006', password: PASSWORD }), 'b2412581e1173244d0497d4d0c7046da'],
    ['F5', () => formula5({ password: PASSWORD, cardNumber: '4917111111111111' }), '8a8a97d9ed8841651179e0dc1ebd3e14'],
    [
      'F6',
      () => formula6({ password: PASSWORD, transId: 'e5098d62-6d08-11eb-9da3-0242ac120013', cardNumber: '4917111111111111' }),
      '029840a0f4e9e2715cd9385b4170fe5b',
    ],
    ['F8', () => formula8({ email: EMAIL, password: PASSWORD }), 'e2dbee6ed22ec2cb33b22a9d2a700682'],
  ])('%s', (_name, compute, expected) => {
    expect(compute()).toBe(expected);
  });

  it('a callback’s masked card hashes like the full number (Formula 2)', () => {
    expect(
      formula2({ email: EMAIL, password: PASSWORD, transId: 'aaaff66a-904f-11ea-833e-0242ac1f0007', cardNumber: '411111****1111' }),
    ).toBe('fc359ea0b4830271f611c30135761c85');
  });
});

describe('§2.2 S2S APM', () => {
  const transId = 'aaaff66a-904f-11ea-833e-0242ac1f0007';

  it.each([
    [
      'SALE',
      () =>
        apmSaleHash({
          identifier: 'success@gmail.com',
          orderId: 'ORDER12345',
          orderAmount: '1.99',
          orderCurrency: 'USD',
          password: PASSWORD,
        }),
      '040e400e160c694b38e3d9dee3536e52',
    ],
    ['CREDITVOID', () => apmCreditvoidHash({ transId, password: PASSWORD }), '4d53555bfcf87c688194040334da5e05'],
    ['VOID / GET_TRANS_STATUS', () => apmTransIdHash({ transId, password: PASSWORD }), '3b075d467020699ef0594595b8b2d2a7'],
    [
      'CREDIT2VIRTUAL',
      () => apmCredit2VirtualHash({ orderId: 'ORDER12345', orderAmount: '1.99', orderCurrency: 'USD', password: PASSWORD }),
      'e3ecc4b9404509b05ab7a19c0ba98026',
    ],
  ])('%s', (_name, compute, expected) => {
    expect(compute()).toBe(expected);
  });

  it('the callback example: ksort order, leaves reversed, nested values in place, PASSWORD last', () => {
    const params = {
      action: 'SALE',
      result: 'SUCCESS',
      amount: '9.22',
      transactions: { ctrans1: '123', atrans2: '32', itrans2: '325' },
      hash: 'ignored',
    };
    expect(text(apmCallbackHashInput(params, 'PASSWORD'))).toBe('ELAS22.9SSECCUS23321523PASSWORD');
    expect(apmCallbackHash(params, 'PASSWORD')).toBe(apmCallbackHash({ ...params, hash: 'other' }, 'PASSWORD'));
  });
});

describe('§2.3 Checkout and hosted fields', () => {
  it('session (order-1234, 0.19, USD, Important gift)', () => {
    expect(sessionHash(signer, { number: 'order-1234', amount: '0.19', currency: 'USD', description: 'Important gift' })).toBe(
      '792a4240d9f0bacd631d923d79ed9447b058eb6d',
    );
  });

  it('status by payment_id', () => {
    expect(idHash(signer, '63c781cc-de3d-11eb-a1f1-0242ac130006')).toBe('b4b37d3b59eb12baa0a7716059c6f0592902f3b6');
  });

  it('refund of 0.10', () => {
    expect(paymentAmountHash(signer, '63c781cc-de3d-11eb-a1f1-0242ac130006', '0.10')).toBe('32b951469eb0137654a1c41c5fdfc4c40a866efa');
  });

  it('callback (notification) and return URL', () => {
    const order = { number: 'order-1234', amount: '3.01', currency: 'USD', description: 'bloodline' };
    expect(paymentHash(signer, 'f0a51dfa-fc43-11ec-8128-0242ac120004', order)).toBe('be3aaa35ff85d0d7aa8f6aaf08805be860b508c8');
    expect(checkoutHash(['f0a51dfa-fc43-11ec-8128-0242ac120004', 'order-1234', '3.01', 'USD', 'bloodline'], PASSWORD)).toBe(
      'be3aaa35ff85d0d7aa8f6aaf08805be860b508c8',
    );
  });
});
