/**
 * npm run sdk-answers            writes sdk/protocol/src/answers.ts: the SDKs' answer types, from the platform's
 *                                 answer schemas (the one declaration; shared/protocol/.../answers.ts), and the
 *                                 value sets the SDKs name (result codes, statuses), from the platform's constants
 *                                 and sdk/protocol/src/requests.ts: the S2S requests' fields (scripts/sdk/requests.ts)
 * npm run sdk-answers -- --check  exits 1 when a file differs (test/unit/sdk/answer-types.test.ts and
 *                                 request-types.test.ts check it too)
 *
 * The SDKs cannot carry zod (the protocol package runs on Hermes with one dependency), so the types are printed
 * from the schemas' JSON Schema (zod 4's toJSONSchema, output side) as plain TypeScript and committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { AcceptedBody, PaymentStatusAnswer, RecurringBody, SessionAnswer, VoidBody } from '../../shared/protocol/checkout/answers.js';
import { HostedFieldsPaymentAnswer } from '../../shared/protocol/hosted-fields/payment-answer.js';
import { tokenAnswerSchema, updateAnswerSchema } from '../../shared/protocol/hosted-fields/answers.js';
import { AcceptedAnswer, CaptureAnswer, VoidAnswer } from '../../shared/protocol/s2s/answers.js';
import { CardDetailsAnswer, CardPaymentAnswer, CardStatusAnswer } from '../../shared/protocol/s2s-card/answers.js';
import { ApmPaymentAnswer, ApmStatusAnswer } from '../../shared/protocol/s2s-apm/answers.js';
import { ScheduleAnswer, ScheduleInfoAnswer } from '../../shared/protocol/schedules/answers.js';
import { CHECKOUT_ORDER_STATUSES } from '../../shared/protocol/checkout/order-status.js';
import { S2S_RESULTS, S2S_STATUSES } from '../../shared/protocol/s2s/values.js';
import { REPO_ROOT } from '../local/handlers.js';
import { SDK_REQUESTS_PATH, sdkRequestsText } from './requests.js';

type JsonSchema = { [k: string]: unknown };

export const SDK_ANSWERS_PATH = join(REPO_ROOT, 'sdk', 'protocol', 'src', 'answers.ts');

/** The answers, by the name the SDKs know them by. */
const ANSWERS: Record<string, z.core.$ZodType> = {
  CheckoutSessionAnswer: SessionAnswer,
  CheckoutPaymentStatusAnswer: PaymentStatusAnswer,
  CheckoutAcceptedAnswer: AcceptedBody,
  CheckoutVoidAnswer: VoidBody,
  CheckoutRecurringAnswer: RecurringBody,
  HostedFieldsTokenAnswer: tokenAnswerSchema,
  HostedFieldsUpdateAnswer: updateAnswerSchema,
  HostedFieldsPaymentAnswer,
  S2sCardPaymentAnswer: CardPaymentAnswer,
  S2sCardStatusAnswer: CardStatusAnswer,
  S2sCardDetailsAnswer: CardDetailsAnswer,
  S2sCaptureAnswer: CaptureAnswer,
  S2sVoidAnswer: VoidAnswer,
  S2sAcceptedAnswer: AcceptedAnswer,
  S2sScheduleAnswer: ScheduleAnswer,
  S2sScheduleInfoAnswer: ScheduleInfoAnswer,
  S2sApmPaymentAnswer: ApmPaymentAnswer,
  S2sApmStatusAnswer: ApmStatusAnswer,
};

/** The value sets, by the name the SDKs know them by: the same constants the answer schemas' enums are built from. */
const VALUE_SETS: Record<string, { values: readonly string[]; description: string }> = {
  S2sResultCode: { values: S2S_RESULTS, description: 'The values `result` takes in S2S CARD and S2S APM answers and callbacks.' },
  S2sStatus: { values: S2S_STATUSES, description: 'The values `status` takes in S2S CARD and S2S APM answers and callbacks.' },
  CheckoutPaymentStatus: { values: CHECKOUT_ORDER_STATUSES, description: "A Checkout payment's status (lowercase)." },
};

/** A value set's name by its values, so an answer field typed with one says which. */
const SET_NAMES = new Map(Object.entries(VALUE_SETS).map(([name, { values }]) => [[...values].sort().join('|'), name]));
const setName = (values: unknown[]) => SET_NAMES.get(values.map(String).sort().join('|'));

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const doc = (text: unknown, indent: string) => (typeof text === 'string' ? `${indent}/** ${text} */\n` : '');

/** The TypeScript of one JSON Schema (the shapes zod prints for these answers). */
function typeOf(s: JsonSchema, indent: string): string {
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return setName(s.enum) ?? s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map((v) => typeOf(v, indent)).join(' | ');
  if (Array.isArray(s.type)) return (s.type as string[]).map((t) => typeOf({ ...s, type: t }, indent)).join(' | ');
  switch (s.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      if (Array.isArray(s.prefixItems)) return `[${(s.prefixItems as JsonSchema[]).map((v) => typeOf(v, indent)).join(', ')}]`;
      return `Array<${typeOf(s.items as JsonSchema, indent)}>`;
    case 'object':
      return objectOf(s, indent);
  }
  throw new Error(`No TypeScript for ${JSON.stringify(s)}`);
}

function objectOf(s: JsonSchema, indent: string): string {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const extra = s.additionalProperties;
  const rest = extra && typeof extra === 'object' ? typeOf(extra as JsonSchema, indent) : undefined;
  if (!Object.keys(properties).length) return `Record<string, ${rest ?? 'unknown'}>`;
  const required = new Set((s.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([name, v]) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    return `${doc(v.description, inner)}${inner}${key}${required.has(name) ? '' : '?'}: ${typeOf(v, inner)};\n`;
  });
  if (rest) lines.push(`${inner}[field: string]: ${rest};\n`);
  return `{\n${lines.join('')}${indent}}`;
}

export function sdkAnswersText(): string {
  const sets = Object.entries(VALUE_SETS).map(
    ([name, { values, description }]) =>
      `${doc(description, '')}export type ${name} = ${values.map((v) => JSON.stringify(v)).join(' | ')};\n`,
  );
  const blocks = Object.entries(ANSWERS).map(([name, schema]) => {
    const out = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const id = z.globalRegistry.get(schema as z.ZodType)?.id;
    const body = id ? out.$defs![id]! : out;
    const type = typeOf(body, '');
    return `${doc(body.description, '')}${type.startsWith('{') ? `export interface ${name} ${type}` : `export type ${name} = ${type};`}\n`;
  });
  return [
    '/**',
    " * The platform's JSON answers and their value sets as the SDKs type them. Generated by `npm run sdk-answers` from",
    " * the platform's answer schemas (shared/protocol/<area>/answers.ts) and value constants: do not edit; change the",
    ' * declaration and regenerate.',
    ' */',
    '',
    [...sets, ...blocks].join('\n'),
  ].join('\n');
}

/** A generated file as committed: its text formatted as every source file is (npm run format:check). */
async function formatted(text: string, path: string): Promise<string> {
  const { format, resolveConfig } = await import('prettier');
  return format(text, { ...(await resolveConfig(path)), filepath: path });
}

export const sdkAnswersFile = (): Promise<string> => formatted(sdkAnswersText(), SDK_ANSWERS_PATH);
export const sdkRequestsFile = (): Promise<string> => formatted(sdkRequestsText(), SDK_REQUESTS_PATH);

async function main(): Promise<void> {
  const files = [
    { path: SDK_ANSWERS_PATH, text: await sdkAnswersFile() },
    { path: SDK_REQUESTS_PATH, text: await sdkRequestsFile() },
  ];
  for (const { path, text } of files) {
    if (!process.argv.includes('--check')) {
      writeFileSync(path, text);
      console.log(`wrote ${path}`);
    } else if (readFileSync(path, 'utf8') !== text) {
      console.error(`${relative(REPO_ROOT, path)} is out of date: run \`npm run sdk-answers\` and commit it.`);
      process.exitCode = 1;
    }
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await main();
