import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskCardNumbers } from '../../../shared/protocol/pan-mask.js';

describe('maskCardNumbers', () => {
  it('masks a card-number field whatever its JSON type or separators', () => {
    for (const v of [4111111111111111, '4111111111111111', '4111 1111-1111 1111', '4111.1111.1111.1111', ' 4111/1111_1111 1111 ']) {
      expect(maskCardNumbers({ card_number: v })).toEqual({ card_number: '411111****1111' });
    }
    expect(maskCardNumbers({ a: [{ payee_card_number: '5555 5555 5555 4444' }], PAN: 4111111111111111 })).toEqual({
      a: [{ payee_card_number: '555555****4444' }],
      PAN: '411111****1111',
    });
  });

  it('leaves other fields alone unless asked to mask anything PAN-like', () => {
    const data = { ref: '4111 1111 1111 1111', amount: 10, short: '12345' };
    expect(maskCardNumbers(data)).toEqual(data);
    expect(maskCardNumbers(data, { anyPanLike: true })).toEqual({ ref: '411111****1111', amount: 10, short: '12345' });
  });

  it('never lets the middle digits of a 12–19 digit card number through (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{12,19}$/), fc.constantFrom('', ' ', '-', '.'), (digits, sep) => {
        const spaced = digits.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
        const out = maskCardNumbers({ card_number: spaced }).card_number as string;
        expect(out).toBe(`${digits.slice(0, 6)}****${digits.slice(-4)}`);
      }),
    );
  });
});
