/**
 * The SDKs' answer types are the platform's answer schemas, printed (scripts/sdk/answers.ts): the committed
 * sdk/protocol/src/answers.ts must be exactly what the schemas give, so a field the platform adds, drops or retypes
 * fails here until `npm run sdk-answers` regenerates it (and the SDKs' typechecks then see the change).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_ANSWERS_PATH, sdkAnswersFile, sdkAnswersText } from '../../../scripts/sdk/answers.js';

describe('the SDK answer types', () => {
  it('are what the platform’s answer schemas give (npm run sdk-answers)', async () => {
    expect(readFileSync(SDK_ANSWERS_PATH, 'utf8')).toBe(await sdkAnswersFile());
  });

  it('follow the schema: required and optional fields, literals, enums, nullables and lists', () => {
    const text = sdkAnswersText();
    expect(text).toMatch(/export interface CheckoutAcceptedAnswer \{\n {2}payment_id: string;\n {2}result: "accepted";\n\}/);
    expect(text).toContain('status: "SUCCESS" | "FAIL";');
    expect(text).toContain('day_of_month: number | null;');
    expect(text).toContain('delays: null;');
    expect(text).toMatch(/redirect_params\?: Record<string, string> \| \[\];/);
    expect(text).toMatch(/export interface HostedFieldsTokenAnswer \{\n {2}token: string;\n\}/);
  });
});
