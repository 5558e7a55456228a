import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apmCallbackHash,
  apmCallbackHashInput,
  apmCredit2VirtualCallbackHash,
  apmCredit2VirtualHash,
  apmCreditvoidHash,
  apmCryptoSaleCallbackHash,
  apmSaleHash,
  apmTransIdHash,
  card6_4,
  checkoutHash,
  formula1,
  formula1Token,
  formula2,
  formula3,
  formula4,
  formula5,
  formula5Token,
  formula6,
  formula7,
  formula8,
  hashEquals,
  strrev,
  strtoupper,
} from '../../../shared/protocol/signature.js';

// Docs' sample PASSWORD; every vector below comes from protocol.md §2.
const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const EMAIL = 'doe@example.com';
const md5 = (s: string | Buffer) => createHash('md5').update(s).digest('hex');
const sha1 = (s: string | Buffer) => createHash('sha1').update(s).digest('hex');
const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

describe('S2S CARD formulas (§2.1)', () => {
  it('F1 reproduces the documented SALE example', () => {
    expect(formula1({ email: EMAIL, password: PASSWORD, cardNumber: '4111111111111111' })).toBe('2702ae0c4f99506dc29b5615ba9ee3c0');
    expect(md5('MOC.ELPMAXE@EOD13A4822C5907ED235F3A068C76184FC31111111114')).toBe('2702ae0c4f99506dc29b5615ba9ee3c0');
  });

  it('F2', () => {
    expect(
      formula2({ email: EMAIL, password: PASSWORD, transId: 'aaaff66a-904f-11ea-833e-0242ac1f0007', cardNumber: '4111111111111111' }),
    ).toBe('fc359ea0b4830271f611c30135761c85');
  });

  it('F2 accepts first6+last4 as the card', () => {
    expect(formula2({ email: EMAIL, password: PASSWORD, transId: 'aaaff66a-904f-11ea-833e-0242ac1f0007', cardNumber: '4111111111' })).toBe(
      'fc359ea0b4830271f611c30135761c85',
    );
  });

  it('F3', () => {
    expect(formula3({ password: PASSWORD })).toBe('a502bf68507916a7668595571964473e');
  });

  it('F4', () => {
    expect(formula4({ scheduleId: '9d0f5cc4-f07b-11ec-abf4-0242ac120006', password: PASSWORD })).toBe('b2412581e1173244d0497d4d0c7046da');
  });

  it('F5', () => {
    expect(formula5({ password: PASSWORD, cardNumber: '4917111111111111' })).toBe('8a8a97d9ed8841651179e0dc1ebd3e14');
  });

  it('F6', () => {
    expect(formula6({ password: PASSWORD, transId: 'e5098d62-6d08-11eb-9da3-0242ac120013', cardNumber: '4917111111111111' })).toBe(
      '029840a0f4e9e2715cd9385b4170fe5b',
    );
  });

  it('F8', () => {
    expect(formula8({ email: EMAIL, password: PASSWORD })).toBe('e2dbee6ed22ec2cb33b22a9d2a700682');
  });

  it('F7 and token variants follow their formulas', () => {
    expect(formula7({ email: EMAIL, password: PASSWORD, orderId: 'ord-1', cardNumber: '4111111111111111' })).toBe(
      md5(`MOC.ELPMAXE@EOD${PASSWORD.toUpperCase()}ORD-11111111114`),
    );
    expect(formula1Token({ email: EMAIL, password: PASSWORD, cardToken: 'tok9' })).toBe(
      md5(`MOC.ELPMAXE@EOD${PASSWORD.toUpperCase()}9KOT`),
    );
    expect(formula5Token({ password: PASSWORD, cardToken: 'tok9' })).toBe(md5(`${PASSWORD.toUpperCase()}9KOT`));
  });

  it('absent email is left out of the concatenation', () => {
    expect(formula8({ password: PASSWORD })).toBe(md5(PASSWORD.toUpperCase()));
    expect(formula1({ password: PASSWORD, cardNumber: '4111111111111111' })).toBe(md5(`${PASSWORD.toUpperCase()}1111111114`));
  });

  it('SHA256 mode swaps md5 for sha256 with the same input', () => {
    expect(formula1({ email: EMAIL, password: PASSWORD, cardNumber: '4111111111111111' }, 'sha256')).toBe(
      sha256('MOC.ELPMAXE@EOD13A4822C5907ED235F3A068C76184FC31111111114'),
    );
  });

  it('card6_4 takes first 6 and last 4 of full, shortened or masked numbers', () => {
    expect(card6_4('4111111111111111')).toBe('4111111111');
    expect(card6_4('4111111111')).toBe('4111111111');
    expect(card6_4('411111****1111')).toBe('4111111111');
  });
});

describe('S2S APM formulas (§2.2)', () => {
  const transId = 'aaaff66a-904f-11ea-833e-0242ac1f0007';

  it('SALE', () => {
    expect(
      apmSaleHash({
        identifier: 'success@gmail.com',
        orderId: 'ORDER12345',
        orderAmount: '1.99',
        orderCurrency: 'USD',
        password: PASSWORD,
      }),
    ).toBe('040e400e160c694b38e3d9dee3536e52');
  });

  it('SALE without identifier / amount leaves them out', () => {
    expect(apmSaleHash({ orderId: 'O1', orderCurrency: 'BTC', password: 'pw' })).toBe(md5('WPCTB1O'));
  });

  it('CREDITVOID', () => {
    expect(apmCreditvoidHash({ transId, password: PASSWORD })).toBe('4d53555bfcf87c688194040334da5e05');
  });

  it('VOID / GET_TRANS_STATUS / DEBIT2VIRTUAL_COMPLETE', () => {
    expect(apmTransIdHash({ transId, password: PASSWORD })).toBe('3b075d467020699ef0594595b8b2d2a7');
  });

  it('CREDIT2VIRTUAL', () => {
    expect(apmCredit2VirtualHash({ orderId: 'ORDER12345', orderAmount: '1.99', orderCurrency: 'USD', password: PASSWORD })).toBe(
      'e3ecc4b9404509b05ab7a19c0ba98026',
    );
  });

  it('CREDIT2VIRTUAL callback appends the password after uppercasing', () => {
    expect(apmCredit2VirtualCallbackHash({ transId: 't1', orderId: 'o1', status: 'settled', password: 'pw' })).toBe(md5('DELTTES1O1Tpw'));
  });

  it('crypto SALE callback', () => {
    expect(apmCryptoSaleCallbackHash({ email: 'a@b.c', password: 'pw', transId: 't1' })).toBe(md5('C.B@APWT1'));
  });

  it('generic callback pre-hash matches the ksort-based doc example', () => {
    const params = {
      action: 'SALE',
      result: 'SUCCESS',
      amount: '9.22',
      transactions: { ctrans1: '123', atrans2: '32', itrans2: '325' },
      hash: 'ignored',
    };
    expect(Buffer.from(apmCallbackHashInput(params, 'PASSWORD')).toString()).toBe('ELAS22.9SSECCUS23321523PASSWORD');
    expect(apmCallbackHash(params, 'PASSWORD')).toBe(md5('ELAS22.9SSECCUS23321523PASSWORD'));
  });

  it('generic callback sorts numeric keys numerically and keeps nested `hash`', () => {
    const list = Array.from({ length: 11 }, (_, i) => `v${i}`);
    const input = Buffer.from(apmCallbackHashInput({ list, x: { hash: 'h' } }, 'P')).toString();
    expect(input).toBe(`${list.map((v) => [...v].reverse().join('')).join('')}hP`);
  });
});

describe('Checkout formulas (§2.3)', () => {
  it('session', () => {
    expect(checkoutHash(['order-1234', '0.19', 'USD', 'Important gift'], PASSWORD)).toBe('792a4240d9f0bacd631d923d79ed9447b058eb6d');
  });

  it('status by payment_id', () => {
    expect(checkoutHash(['63c781cc-de3d-11eb-a1f1-0242ac130006'], PASSWORD)).toBe('b4b37d3b59eb12baa0a7716059c6f0592902f3b6');
  });

  it('refund', () => {
    expect(checkoutHash(['63c781cc-de3d-11eb-a1f1-0242ac130006', '0.10'], PASSWORD)).toBe('32b951469eb0137654a1c41c5fdfc4c40a866efa');
  });

  it('callback', () => {
    expect(checkoutHash(['f0a51dfa-fc43-11ec-8128-0242ac120004', 'order-1234', '3.01', 'USD', 'bloodline'], PASSWORD)).toBe(
      'be3aaa35ff85d0d7aa8f6aaf08805be860b508c8',
    );
  });

  it('skips undefined parts (amount-less crypto) and supports SHA256 mode', () => {
    expect(checkoutHash(['o', undefined, 'BTC', 'desc'], 'pw')).toBe(sha1(md5('OBTCDESCPW')));
    expect(checkoutHash(['o', '1.00'], 'pw', 'sha256')).toBe(sha1(sha256('O1.00PW')));
  });
});

describe('PHP byte semantics', () => {
  it('non-ASCII input is reversed and uppercased byte-wise like PHP', () => {
    // "é" is C3 A9: PHP strrev gives A9 C3 (not valid UTF-8), strtoupper leaves both bytes alone.
    const email = 'é@x.io';
    const expectedInput = Buffer.concat([Buffer.from('OI.X@', 'latin1'), Buffer.from([0xa9, 0xc3]), Buffer.from('PW1111111114', 'latin1')]);
    expect(formula1({ email, password: 'pw', cardNumber: '4111111111111111' })).toBe(md5(expectedInput));
    expect(Buffer.from(strtoupper('straße')).equals(Buffer.from('STRAßE', 'utf8'))).toBe(true);
  });

  it('strrev twice is the identity on bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(Buffer.from(strrev(strrev(s))).equals(Buffer.from(s, 'utf8'))).toBe(true);
      }),
    );
  });

  it('strrev reverses the byte order', () => {
    fc.assert(
      fc.property(fc.uint8Array(), (bytes) => {
        expect([...strrev(Buffer.from(bytes))]).toEqual([...bytes].reverse());
      }),
    );
  });

  it('strtoupper changes only bytes a-z', () => {
    fc.assert(
      fc.property(fc.uint8Array(), (bytes) => {
        const upper = strtoupper(Buffer.from(bytes));
        expect(upper.length).toBe(bytes.length);
        bytes.forEach((b, i) => expect(upper[i]).toBe(b >= 0x61 && b <= 0x7a ? b - 0x20 : b));
      }),
    );
  });
});

describe('hashEquals', () => {
  const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 1, maxLength: 64 });

  it('is true for equal strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (x) => hashEquals(x, x)));
  });

  it('is false for strings that differ beyond hex case', () => {
    const lowerHex = (s: string) => s.replace(/[A-F]/g, (c) => c.toLowerCase());
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        fc.pre(lowerHex(a) !== lowerHex(b));
        return !hashEquals(a, b);
      }),
    );
  });

  it('ignores hex case', () => {
    fc.assert(fc.property(hex, (h) => hashEquals(h.toLowerCase(), h.toUpperCase())));
  });

  it('handles missing and different-length values without throwing', () => {
    expect(hashEquals('abc', undefined)).toBe(false);
    expect(hashEquals('abc', 'abcd')).toBe(false);
    expect(hashEquals('2702ae0c4f99506dc29b5615ba9ee3c0', '2702AE0C4F99506DC29B5615BA9EE3C0')).toBe(true);
  });
});

describe('digest shapes', () => {
  const text = fc.string({ unit: 'binary' });
  const card = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 10, maxLength: 19 });
  const algo = fc.constantFrom('md5' as const, 'sha256' as const);
  const isHex = (len: number) => new RegExp(`^[0-9a-f]{${len}}$`);

  it('S2S formulas give 32 (md5) or 64 (sha256) lowercase hex chars', () => {
    fc.assert(
      fc.property(text, text, text, card, algo, (email, password, id, cardNumber, a) => {
        const re = isHex(a === 'md5' ? 32 : 64);
        for (const h of [
          formula1({ email, password, cardNumber }, a),
          formula2({ email, password, transId: id, cardNumber }, a),
          formula3({ password }, a),
          formula4({ scheduleId: id, password }, a),
          formula5({ password, cardNumber }, a),
          formula6({ password, transId: id, cardNumber }, a),
          formula7({ email, password, orderId: id, cardNumber }, a),
          formula8({ email, password }, a),
          apmSaleHash({ identifier: email, orderId: id, orderAmount: '1.00', orderCurrency: 'USD', password }, a),
          apmTransIdHash({ transId: id, password }, a),
          apmCallbackHash({ a: email, b: { c: id } }, password, a),
        ]) {
          expect(h).toMatch(re);
        }
      }),
    );
  });

  it('Checkout hashes are 40 lowercase hex chars', () => {
    fc.assert(
      fc.property(fc.array(fc.option(text, { nil: undefined })), text, algo, (parts, password, a) => {
        expect(checkoutHash(parts, password, a)).toMatch(isHex(40));
      }),
    );
  });
});
