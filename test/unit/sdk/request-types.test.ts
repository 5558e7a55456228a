/**
 * The SDKs' request types are the fields each S2S action declares, printed (scripts/sdk/requests.ts): the committed
 * sdk/protocol/src/requests.ts must be exactly what the declarations give, so a field an action adds, drops or makes
 * required fails here until `npm run sdk-answers` regenerates it (and the SDKs' typechecks then see the change).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sdkRequestsFile } from '../../../scripts/sdk/answers.js';
import { brandParametersText, fieldsOf, SDK_REQUESTS_PATH, sdkRequestsText } from '../../../scripts/sdk/requests.js';
import { flag, object, optional, raw, required } from '../../../shared/protocol/form-spec.js';

describe('the SDK request types', () => {
  it('are what the actions’ declared fields give (npm run sdk-answers)', async () => {
    expect(readFileSync(SDK_REQUESTS_PATH, 'utf8')).toBe(await sdkRequestsFile());
  });

  it('print each kind of field, in the declared order, without the fields the SDK fills in', () => {
    const spec = {
      order_id: required({ max: 255 }),
      payer_state: optional({ max: 32 }),
      interval_unit: optional({ oneOf: ['day', 'month'] }, { requiredWhen: 'a new schedule needs it' }),
      auth: flag(),
      parameters: object(),
      custom_data: raw(),
      hash: required(),
    };
    expect(fieldsOf('Example', 'S2S CARD', 'EXAMPLE', spec)).toBe(
      '/** S2S CARD EXAMPLE: the fields the platform declares for it, in its order. */\n// prettier-ignore\n' +
        'export interface Example { order_id: string; payer_state?: string; ' +
        '/** Required when a new schedule needs it. */ interval_unit?: "day" | "month"; auth?: YesNo; ' +
        'parameters?: Record<string, FormInput>; custom_data?: FormInput; }\n',
    );
  });

  it('name each action’s fields after its protocol and action', () => {
    const text = sdkRequestsText();
    for (const name of ['S2sCardSaleFields', 'S2sCardCreditvoidFields', 'S2sCardCreateScheduleFields', 'S2sApmSaleFields'])
      expect(text).toContain(`export interface ${name} {`);
    expect(text).toContain('export interface S2sCardCreditvoidFields { trans_id: string; amount?: string; }');
    expect(text).toContain('export interface S2sCardSaleWalletFields {');
  });

  it('print each APM brand’s parameters: required, asked on the page, by payer country, lists of groups', () => {
    const text = brandParametersText();
    expect(text).toContain('  bank_transfer: { bank_code: string; bank_account_number: string; };');
    expect(text).toContain('  upi: { /** Required when payer_country is IN. */ personal_id?: string; };');
    expect(text).toMatch(
      / {2}open_banking: \{ payee_name: string; payee_country: string; payee_identifications: Array<\{ type: "SORT_CODE" \|/,
    );
    expect(text).toContain('  vcard: Record<string, never>;');
  });
});
