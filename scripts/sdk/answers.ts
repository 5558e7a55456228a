/**
 * npm run sdk-answers            writes sdk/protocol/src/answers.ts: the SDKs' answer types, from the platform's
 *                                 answer schemas (the one declaration; shared/protocol/.../answers.ts)
 * npm run sdk-answers -- --check  exits 1 when the file differs (test/unit/sdk/answer-types.test.ts checks it too)
 *
 * The SDKs cannot carry zod (the protocol package runs on Hermes with one dependency), so the types are printed
 * from the schemas' JSON Schema (zod 4's toJSONSchema, output side) as plain TypeScript and committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AcceptedBody, PaymentStatusAnswer, RecurringBody, SessionAnswer, VoidBody } from '../../shared/protocol/checkout/answers.js';
import { HostedFieldsPaymentAnswer } from '../../shared/protocol/hosted-fields/payment-answer.js';
import { tokenAnswerSchema, updateAnswerSchema } from '../../shared/protocol/hosted-fields/answers.js';
import { AcceptedAnswer, CaptureAnswer, VoidAnswer } from '../../shared/protocol/s2s/answers.js';
import { CardDetailsAnswer, CardPaymentAnswer, CardStatusAnswer } from '../../shared/protocol/s2s-card/answers.js';
import { ApmPaymentAnswer, ApmStatusAnswer } from '../../shared/protocol/s2s-apm/answers.js';
import { ScheduleAnswer, ScheduleInfoAnswer } from '../../shared/protocol/schedules/answers.js';
import { REPO_ROOT } from '../local/handlers.js';

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

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const doc = (text: unknown, indent: string) => (typeof text === 'string' ? `${indent}/** ${text} */\n` : '');

/** The TypeScript of one JSON Schema (the shapes zod prints for these answers). */
function typeOf(s: JsonSchema, indent: string): string {
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
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
  const blocks = Object.entries(ANSWERS).map(([name, schema]) => {
    const out = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const id = z.globalRegistry.get(schema as z.ZodType)?.id;
    const body = id ? out.$defs![id]! : out;
    const type = typeOf(body, '');
    return `${doc(body.description, '')}${type.startsWith('{') ? `export interface ${name} ${type}` : `export type ${name} = ${type};`}\n`;
  });
  return [
    '/**',
    " * The platform's JSON answers as the SDKs type them. Generated by `npm run sdk-answers` from the platform's answer",
    ' * schemas (shared/protocol/<area>/answers.ts): do not edit; change the schema and regenerate.',
    ' */',
    '',
    blocks.join('\n'),
  ].join('\n');
}

/** The file as committed: the text above, formatted as every source file is (npm run format:check). */
export async function sdkAnswersFile(): Promise<string> {
  const { format, resolveConfig } = await import('prettier');
  return format(sdkAnswersText(), { ...(await resolveConfig(SDK_ANSWERS_PATH)), filepath: SDK_ANSWERS_PATH });
}

async function main(): Promise<void> {
  const text = await sdkAnswersFile();
  if (process.argv.includes('--check')) {
    if (readFileSync(SDK_ANSWERS_PATH, 'utf8') !== text) {
      console.error('sdk/protocol/src/answers.ts is out of date: run `npm run sdk-answers` and commit it.');
      process.exit(1);
    }
    return;
  }
  writeFileSync(SDK_ANSWERS_PATH, text);
  console.log(`wrote ${SDK_ANSWERS_PATH}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await main();
