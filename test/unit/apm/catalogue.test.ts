/**
 * The brand descriptors: every file of shared/protocol/apm/brands is in the catalogue, the docs table is the one the
 * descriptors render, and the rules give the protocol's wording, all problems at once.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allBrands, brandDescriptor } from '../../../shared/protocol/apm/catalogue.js';
import { brandsMarkdown } from '../../../scripts/admin/brands-table.js';
import { FieldReader } from '../../../shared/protocol/fields.js';
import { parseForm } from '../../../shared/protocol/form.js';
import { readBrandFields } from '../../../shared/protocol/s2s-apm/brands.js';

const ISSUE_BRANDS = [
  'etransfer_payout',
  'vcard',
  'voucher',
  'mobile_topup',
  'bank_transfer',
  'bank_code_ars',
  'bank_code_mxn',
  'pix',
  'boleto',
  'shop_redirect',
  'local_id',
  'crypto',
  'crypto_alt',
  'crypto_deposit',
  'crypto_payout',
  'crypto_withdraw',
  'ips',
  'fx_redirect',
  'regional_doc',
  'upi',
  'upi_collect',
  'upi_address',
  'email_transfer',
  'sms_transfer',
  'wallet_tr',
  'wallet_th',
  'wallet_vn',
  'wallet_co',
  'wallet_in',
  'bnpl',
  'bnpl_cart',
  'open_banking',
  'mobile_money',
];

/** Errors of a form body against a brand, as "<field>: <message>". */
function errors(brand: string, body: string, currency = 'USD'): string[] {
  const f = new FieldReader(parseForm(body));
  readBrandFields(f, brandDescriptor(brand), currency);
  return f.errors.map((e) => `${e.field}: ${e.message}`);
}

describe('catalogue', () => {
  it('has one descriptor per file, named as its file, and every brand of the issue', () => {
    const files = readdirSync(new URL('../../../shared/protocol/apm/brands/', import.meta.url))
      .filter((f) => f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect(
      allBrands()
        .map((d) => d.brand)
        .sort(),
    ).toEqual(files.sort());
    expect(files.sort()).toEqual([...ISSUE_BRANDS].sort());
  });

  it('docs/s2s-apm.md holds exactly the table the descriptors render (npm run admin -- brands docs --write)', () => {
    const doc = readFileSync(new URL('../../../docs/s2s-apm.md', import.meta.url), 'utf8');
    const start = doc.indexOf('<!-- brands:start');
    const end = doc.indexOf('<!-- brands:end -->') + '<!-- brands:end -->'.length;
    expect(doc.slice(start, end)).toBe(brandsMarkdown());
  });

  it('"toString" is no brand', () => {
    expect(brandDescriptor('toString')).toBeUndefined();
  });
});

describe('rules, in the protocol wording, all at once', () => {
  it('voucher pin: exactly 16 characters; missing is blank', () => {
    expect(errors('voucher', 'parameters[pin]=123')).toEqual(['parameters[pin]: This value should have exactly 16 characters.']);
    expect(errors('voucher', '')).toEqual(['parameters[pin]: This value should not be blank.']);
    expect(errors('voucher', 'parameters[pin]=1234567890123456')).toEqual([]);
  });

  it('crypto payout enums and every missing field together', () => {
    expect(errors('crypto_payout', 'parameters[currency]=DOGE&parameters[network]=SOL')).toEqual([
      'parameters[address]: This value should not be blank.',
      'parameters[currency]: The value you selected is not a valid choice.',
      'parameters[network]: The value you selected is not a valid choice.',
    ]);
  });

  it('email transfer answer: no spaces, 3–25', () => {
    expect(errors('email_transfer', 'parameters[SecurityQuestionAnswer]=a b c')).toEqual([
      'parameters[SecurityQuestionAnswer]: This value should not contain spaces.',
    ]);
    expect(errors('email_transfer', 'parameters[SecurityQuestionAnswer]=ab')).toEqual([
      'parameters[SecurityQuestionAnswer]: This value is too short. It should have 3 characters or more.',
    ]);
    expect(errors('sms_transfer', '')).toEqual([]);
  });

  it('bnpl: ISO 8601 UTC datetime and a number', () => {
    expect(
      errors('bnpl', 'parameters[category]=x&parameters[buyer_registered_since]=2024-01-31 12:00&parameters[buyer_loyalty_level]=two'),
    ).toEqual([
      'parameters[buyer_registered_since]: This value is not a valid datetime.',
      'parameters[buyer_loyalty_level]: This value should be of type numeric.',
    ]);
    expect(
      errors('bnpl', 'parameters[category]=x&parameters[buyer_registered_since]=2024-01-31T12:00:00Z&parameters[buyer_loyalty_level]=0'),
    ).toEqual([]);
  });

  it('open banking: payee_identifications is a list of {type, identification} with the 21 types', () => {
    const base = 'parameters[payee_name]=Shop&parameters[payee_country]=GB';
    expect(
      errors(
        'open_banking',
        `${base}&parameters[payee_identifications][0][type]=IBAN&parameters[payee_identifications][0][identification]=GB29NWBK60161331926819`,
      ),
    ).toEqual([]);
    expect(errors('open_banking', `${base}&parameters[payee_identifications][0][type]=SWIFT`)).toEqual([
      'parameters[payee_identifications][0][type]: The value you selected is not a valid choice.',
      'parameters[payee_identifications][0][identification]: This value should not be blank.',
    ]);
    expect(errors('open_banking', base)).toEqual(['parameters[payee_identifications]: This value should not be blank.']);
  });

  it('wallet accountName must equal the payer name; collected fields may be absent', () => {
    expect(errors('wallet_tr', '')).toEqual([]);
    expect(errors('wallet_tr', 'payer_first_name=Ada&payer_last_name=Lovelace&parameters[accountName]=Someone')).toEqual([
      "parameters[accountName]: This value should be equal to the payer's name.",
    ]);
    expect(errors('wallet_tr', 'payer_first_name=Ada&payer_last_name=Lovelace&parameters[accountName]=Ada Lovelace')).toEqual([]);
  });

  it('currencies: ips takes EUR, RSD, BAM, MKD only; bank_code_ars ARS only', () => {
    expect(errors('ips', '', 'USD')).toEqual(['order_currency: The value you selected is not a valid choice.']);
    expect(errors('ips', '', 'RSD')).toEqual([]);
    expect(errors('bank_code_ars', '', 'MXN')).toEqual(['order_currency: The value you selected is not a valid choice.']);
  });

  it('mobile money: the narrative file travels only with both name and content', () => {
    const f = new FieldReader(parseForm('parameters[NarrativeFileName]=a.txt&parameters[ProviderReferenceText]=r'));
    expect(readBrandFields(f, brandDescriptor('mobile_money'), 'USD')).toEqual({ ProviderReferenceText: 'r' });
  });

  it('local_id: personalId required for AR, BR, CL; digits only for AR', () => {
    expect(errors('local_id', 'payer_country=AR')).toEqual(['parameters[personalId]: This value should not be blank.']);
    expect(errors('local_id', 'payer_country=AR&parameters[personalId]=AB12')).toEqual([
      'parameters[personalId]: This value is not valid.',
    ]);
    expect(errors('local_id', 'payer_country=BR&parameters[personalId]=AB12')).toEqual([]);
    expect(errors('local_id', 'payer_country=US')).toEqual([]);
  });

  it('payout method: payer names, e-mail, description and security question', () => {
    expect(errors('etransfer_payout', 'parameters[fee_calculation_method]=daily')).toEqual([
      'payer_first_name: This value should not be blank.',
      'payer_last_name: This value should not be blank.',
      'payer_email: This value should not be blank.',
      'order_description: This value should not be blank.',
      'parameters[SecurityQuestion]: This value should not be blank.',
      'parameters[SecurityQuestionAnswer]: This value should not be blank.',
      'parameters[account_uuid]: This value should not be blank.',
      'parameters[fee_calculation_method]: The value you selected is not a valid choice.',
    ]);
  });
});
