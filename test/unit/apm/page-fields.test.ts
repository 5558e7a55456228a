/** What the Checkout page asks for each method it offers, read from the descriptors, and that it can ask it. */
import { describe, expect, it } from 'vitest';
import { allBrands, brandDescriptor } from '../../../shared/protocol/apm/catalogue.js';
import { checkAsked, collectableOnPage, fieldsToAsk } from '../../../shared/protocol/apm/page-fields.js';
import { APM_FIELD_LABELS } from '../../../shared/pages/i18n/types.js';
import { apmMethods } from '../../../shared/operations/checkout/methods.js';
import { buildApmConnectors } from '../../../shared/adapters/connectors/index.js';
import { ApmConnectorCatalogue } from '../../../shared/adapters/connectors/apm-registry.js';

const offered = allBrands().filter((d) => d.checkoutPage);
const d = (brand: string) => brandDescriptor(brand)!;

describe('Checkout page methods from the descriptors', () => {
  it('offers only purchases it can finish on the page, and every field it may ask has a label in every language', () => {
    expect(offered.length).toBeGreaterThan(15);
    for (const b of offered) {
      expect(b.actions, b.brand).toContain('SALE');
      expect(['direct', 'redirect', 'qr', 'bank-window'], b.brand).toContain(b.flow);
      expect(collectableOnPage(b), b.brand).toBe(true);
      expect(b.label, b.brand).toBeTruthy();
      const countries = Object.values(b.parameters).flatMap((s) => s.when?.payerCountry ?? []);
      for (const country of [undefined, ...countries]) {
        for (const name of fieldsToAsk(b, undefined, country))
          expect(Object.hasOwn(APM_FIELD_LABELS, name), `${b.brand}.${name}`).toBe(true);
      }
    }
    // Lists the payer cannot type, and payouts, stay S2S only.
    expect(collectableOnPage(d('open_banking'))).toBe(false);
    expect(offered.map((b) => b.brand)).not.toContain('etransfer_payout');
  });

  it('asks required and page-collected fields the session lacks; conditional ones by the payer country', () => {
    expect(fieldsToAsk(d('voucher'), undefined)).toEqual(['pin']);
    expect(fieldsToAsk(d('voucher'), { pin: '1234567890123456' })).toEqual([]);
    expect(fieldsToAsk(d('voucher'), { pin: '  ' })).toEqual(['pin']);
    expect(fieldsToAsk(d('regional_doc'), { document_type: 'ID' })).toEqual(['document_number']);
    expect(fieldsToAsk(d('bank_code_ars'), {})).toEqual(['bank_cuil']);
    expect(fieldsToAsk(d('local_id'), {})).toEqual([]);
    expect(fieldsToAsk(d('local_id'), {}, 'AR')).toEqual(['personalId']);
    expect(fieldsToAsk(d('ips'), {})).toEqual([]);
  });

  it("checks typed values with the protocol's rules and wording, every asked field required", () => {
    expect(checkAsked(d('voucher'), ['pin'], { pin: 'short' }, {})).toEqual({
      errors: { pin: 'This value should have exactly 16 characters.' },
      values: { pin: 'short' },
    });
    expect(checkAsked(d('voucher'), ['pin'], undefined, {}).errors).toEqual({ pin: 'This value should not be blank.' });
    expect(checkAsked(d('local_id'), ['personalId'], { personalId: 'AB12' }, { payerCountry: 'AR' }).errors).toEqual({
      personalId: 'This value is not valid.',
    });
    expect(checkAsked(d('bank_code_mxn'), ['bank_curp'], { bank_curp: ' ABCD123456HDFXYZ01 ' }, {})).toEqual({
      errors: {},
      values: { bank_curp: 'ABCD123456HDFXYZ01' },
    });
  });

  it('offers a brand only in its currencies', () => {
    const providers = buildApmConnectors('sandbox');
    expect(apmMethods(providers, 'USD')).not.toContain('ips');
    expect(apmMethods(providers, 'EUR')).toContain('ips');
    expect(apmMethods(providers, 'ARS')).toContain('bank_code_ars');
    expect(apmMethods(providers, 'ARS')).not.toContain('bank_code_mxn');
    expect(apmMethods(providers)).toContain('vcard');
    // No provider registered: no method offered.
    expect(apmMethods(new ApmConnectorCatalogue([]))).toEqual([]);
  });
});
