/** The page's form reader (no platform needed): which fields each choice reads, and that no input can break it. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readPaymentForm, type PaymentFormOptions } from '../../../shared/pages/checkout/card-form.js';
import { pageLanguage } from '../../../shared/pages/i18n.js';

const t = pageLanguage('en').t;
const now = new Date('2026-06-15T00:00:00Z');
const opts = (o: Partial<PaymentFormOptions> = {}): PaymentFormOptions => ({
  methods: ['card', 'vcard'],
  askCvv: true,
  savedCards: 2,
  savedOnly: false,
  payeeCard: false,
  terms: false,
  now,
  ...o,
});
const newCard = { card_number: '4111 1111 1111 1111', expiry: '01/38', cvv: '123', holder: 'JOHN DOE' };

describe('readPaymentForm', () => {
  it('reads a saved card with its CVV and ignores new-card fields', () => {
    const r = readPaymentForm({ ...newCard, card_number: 'garbage', card_choice: 'saved-1', saved_cvv: '4321' }, opts(), t);
    expect(r).toEqual({ ok: true, choice: { kind: 'saved', index: 1, cvv: '4321' }, payeeCardNumber: undefined });
  });

  it('reads a payout saved card by its expiry only, whatever choice is posted', () => {
    const r = readPaymentForm({ card_choice: 'new', saved_expiry: '02/38' }, opts({ askCvv: false, savedCards: 1, savedOnly: true }), t);
    expect(r).toEqual({
      ok: true,
      choice: { kind: 'saved', index: 0, expiry: { expMonth: '02', expYear: '2038' } },
      payeeCardNumber: undefined,
    });
  });

  it('requires a choice when saved cards are offered and refuses an index out of range', () => {
    expect(readPaymentForm({ saved_cvv: '123' }, opts(), t)).toMatchObject({ ok: false, errors: { card_choice: t.chooseCard } });
    expect(readPaymentForm({ card_choice: 'saved-2', saved_cvv: '123' }, opts(), t)).toMatchObject({
      ok: false,
      errors: { card_choice: t.chooseCard },
    });
    expect(readPaymentForm(newCard, opts({ savedCards: 0 }), t)).toMatchObject({ ok: true, choice: { kind: 'new' } });
  });

  it('reads an alternative method by its identifier and does not check card fields then', () => {
    expect(readPaymentForm({ method: 'vcard', identifier: ' success@gmail.com ', card_number: 'x' }, opts(), t)).toEqual({
      ok: true,
      choice: { kind: 'apm', brand: 'vcard', identifier: 'success@gmail.com', parameters: {} },
      payeeCardNumber: undefined,
    });
    expect(readPaymentForm({ method: 'vcard' }, opts(), t)).toMatchObject({ ok: false, errors: { identifier: t.required } });
    expect(readPaymentForm({ method: 'vcard', identifier: 'a@b.c' }, opts({ methods: ['card'] }), t)).toMatchObject({ ok: false });
    // The first method is the default when none is posted.
    expect(readPaymentForm({ identifier: 'a@b.c' }, opts({ methods: ['vcard'] }), t)).toMatchObject({ ok: true, choice: { kind: 'apm' } });
  });

  it("asks a method's missing parameters under the protocol's rules; an optional identifier may stay empty", () => {
    const voucher = opts({ methods: ['card', 'voucher'], apm: { voucher: { identifier: 'optional', ask: ['pin'] } } });
    expect(readPaymentForm({ method: 'voucher' }, voucher, t)).toMatchObject({
      ok: false,
      errors: { parameters: { pin: 'This value should not be blank.' } },
    });
    expect(readPaymentForm({ method: 'voucher', parameters: { pin: '123' } }, voucher, t)).toMatchObject({
      ok: false,
      errors: { parameters: { pin: 'This value should have exactly 16 characters.' } },
      parameters: { pin: '123' },
    });
    expect(readPaymentForm({ method: 'voucher', parameters: { pin: ' 1234567890123456 ', other: 'x' } }, voucher, t)).toEqual({
      ok: true,
      choice: { kind: 'apm', brand: 'voucher', identifier: undefined, parameters: { pin: '1234567890123456' } },
      payeeCardNumber: undefined,
    });
    const ars = opts({ methods: ['bank_code_ars'], apm: { bank_code_ars: { identifier: 'optional', ask: ['bank_cuil'] } } });
    expect(readPaymentForm({ parameters: { bank_cuil: '2012345678' } }, ars, t)).toMatchObject({
      ok: false,
      errors: { parameters: { bank_cuil: 'This value should have exactly 11 digits.' } },
    });
    expect(readPaymentForm({ parameters: { bank_cuil: '20123456789' } }, ars, t)).toMatchObject({ ok: true });
  });

  it('needs a valid payee card for a transfer', () => {
    expect(readPaymentForm({ ...newCard, card_choice: 'new' }, opts({ payeeCard: true }), t)).toMatchObject({
      ok: false,
      errors: { payee_card_number: t.required },
    });
    expect(
      readPaymentForm({ ...newCard, card_choice: 'new', payee_card_number: '4111111111111112' }, opts({ payeeCard: true }), t),
    ).toMatchObject({
      ok: false,
      errors: { payee_card_number: t.badCard, form: t.badCard },
    });
    expect(
      readPaymentForm({ ...newCard, card_choice: 'new', payee_card_number: '4601 5418 3377 6519' }, opts({ payeeCard: true }), t),
    ).toMatchObject({
      ok: true,
      payeeCardNumber: '4601541833776519',
    });
  });

  it('never throws and never echoes a CVV or card number, whatever is posted', () => {
    const value = fc.oneof(
      fc.string(),
      fc.stringMatching(/^\d{3,19}$/),
      fc.constantFrom('saved-0', 'saved-1', 'new', 'card', 'vcard', '01/38', '4111111111111111'),
    );
    const form = fc.record(
      {
        method: value,
        card_choice: value,
        card_number: value,
        expiry: value,
        cvv: value,
        holder: value,
        saved_cvv: value,
        saved_expiry: value,
        payee_card_number: value,
        identifier: value,
        terms: value,
      },
      { requiredKeys: [] },
    );
    const options = fc.record({
      askCvv: fc.boolean(),
      savedCards: fc.integer({ min: 0, max: 3 }),
      savedOnly: fc.boolean(),
      payeeCard: fc.boolean(),
      terms: fc.boolean(),
    });
    fc.assert(
      fc.property(form, options, (f, o) => {
        const r = readPaymentForm(f, opts({ ...o, savedOnly: o.savedOnly && o.savedCards > 0 }), t);
        if (r.ok) {
          if (r.choice.kind === 'saved') expect(r.choice.index).toBeLessThan(o.savedCards);
          return;
        }
        const shown = JSON.stringify({ ...r.errors, choice: r.choice, method: r.method });
        // Digit runs only: any other string may happen to be part of an error text.
        for (const secret of [f.cvv, f.saved_cvv, f.card_number])
          if (secret && /^\d{3,}$/.test(secret)) expect(shown).not.toContain(secret);
      }),
      { numRuns: 300 },
    );
  });
});
