/**
 * BIN countries for the risk rules (docs/risk.md "BIN countries"): imported with the admin CLI from a file (every
 * problem named by its line, nothing written unless all is right), read in the check's one read (an 8-digit BIN over
 * its 6-digit one), so `binCountries` and `payerCountryDiffersFromBin` match; the sandbox's test cards have countries.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { testCard } from '../../support/cards.js';

const platform = usePlatform();

let files = 0;
async function file(text: string): Promise<string> {
  const path = join(tmpdir(), `risk-bins-${process.pid}-${++files}`);
  await writeFile(path, text);
  return path;
}
const pay = (m: Merchant, overrides: Record<string, string>) => postForm(`${platform.url}/post`, saleFields(m, overrides));
const ruleOf = async (transId: string) => (await deps().payments.get(transId))?.details.risk?.reason;

it('names every problem of a BIN file and imports nothing from it', async () => {
  const bad = [
    'bin,country',
    '40000000,FR',
    '12345,FR',
    '400000,FRA',
    '400010-400005,DE',
    '400000-40000099,DE',
    '300000-300000,US,x',
    '40000000,DE',
    '500000-520000,US',
  ].join('\n');
  const err = (await runRiskCommand(['bins', 'import', '--file', await file(bad)]).catch((e: Error) => e)) as Error;
  expect(err).toBeInstanceOf(Error);
  for (const problem of [
    'Line 3: "12345" is not a BIN (6 or 8 digits).',
    'Line 4: "FRA" is not an ISO 3166-1 alpha-2 country code (two letters).',
    'Line 5: the range 400010-400005 ends before it starts.',
    "Line 6: a range's two ends have the same length (400000-40000099).",
    'Line 7: expected "BIN,COUNTRY" or "FIRST-LAST,COUNTRY", got "300000-300000,US,x".',
    'Line 8: BIN 40000000 is DE here but FR on line 2.',
    'Line 9: the range 500000-520000 holds 20001 BINs; at most 10000 a line.',
  ]) {
    expect(err.message).toContain(problem);
  }
  expect(await deps().risk.read({ clientKey: 'none', binPrefixes: ['40000000', '400000'] })).not.toHaveProperty('binCountry');
});

it('lets BIN-country rules match: the 8-digit BIN over its 6-digit range; the test cards by the sandbox fixture', async () => {
  const imported = await runRiskCommand([
    'bins',
    'import',
    '--file',
    await file('# issuer countries\n400090,DE\n40009000,FR\n400091-400099,DE\n'),
  ]);
  expect(imported).toEqual({ imported: 11 });
  const m = await testMerchant();
  const rules = {
    rules: [
      { name: 'french cards', match: { binCountries: ['FR'] }, action: 'block' },
      { name: 'foreign card in EUR', match: { payerCountryDiffersFromBin: true, currencies: ['EUR'] }, action: 'block' },
    ],
  };
  await runRiskCommand(['rules', 'set', m.clientKey, '--file', await file(JSON.stringify(rules))]);

  // BINs no other test's cards use: the BIN table is platform-wide.
  const french = await pay(m, { card_number: testCard(90_000_000_001) }); // 40009000: FR, over 400090: DE
  expect(french.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect(await ruleOf(french.body.trans_id)).toBe('rule "french cards": block');

  const german = testCard(91_000_000_001); // BIN 400091: DE by the range
  const abroad = await pay(m, { card_number: german, order_currency: 'EUR', payer_country: 'US' });
  expect(await ruleOf(abroad.body.trans_id)).toBe('rule "foreign card in EUR": block');
  expect((await pay(m, { card_number: german, order_currency: 'EUR', payer_country: 'DE' })).body).toMatchObject({ result: 'SUCCESS' });
  expect((await pay(m, { card_number: testCard(89_000_000_001), order_currency: 'EUR', payer_country: 'US' })).body).toMatchObject({
    result: 'SUCCESS',
  }); // BIN 400089: not imported

  // The sandbox's test card 4111 1111 1111 1111 is a US card.
  const sandboxAbroad = await pay(m, { order_currency: 'EUR', payer_country: 'GB' });
  expect(await ruleOf(sandboxAbroad.body.trans_id)).toBe('rule "foreign card in EUR": block');
  expect((await pay(m, { order_currency: 'EUR', payer_country: 'US' })).body).toMatchObject({ result: 'SUCCESS' });
});
