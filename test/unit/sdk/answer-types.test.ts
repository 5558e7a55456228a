/**
 * The SDKs' answer types are the platform's answer schemas, printed (scripts/sdk/answers.ts): the committed
 * sdk/protocol/src/answers.ts must be exactly what the schemas give, so a field the platform adds, drops or retypes
 * fails here until `npm run sdk-answers` regenerates it (and the SDKs' typechecks then see the change).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_ANSWERS_PATH, sdkAnswersFile, sdkAnswersText } from '../../../scripts/sdk/answers.js';
import { S2S_RESULTS, S2S_STATUSES } from '../../../shared/protocol/s2s/values.js';

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

  it('name the platform’s value sets, and type the answers’ fields with them', () => {
    const text = sdkAnswersText();
    expect(text).toContain(`export type S2sStatus = ${S2S_STATUSES.map((v) => JSON.stringify(v)).join(' | ')};`);
    expect(text).toContain(`export type S2sResultCode = ${S2S_RESULTS.map((v) => JSON.stringify(v)).join(' | ')};`);
    expect(text).toContain('export type CheckoutPaymentStatus = "prepare" | "3ds" | "redirect" | "pending" | "settled" | "decline" |');
    expect(text).toMatch(/export interface S2sCardPaymentAnswer \{[^}]*\n {2}status: S2sStatus;/);
    expect(text).toMatch(/export interface CheckoutVoidAnswer \{[^}]*\n {2}payment_status: CheckoutPaymentStatus;/);
  });
});
