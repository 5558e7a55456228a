/**
 * Lenient JSON (docs/checkout.md "Lenient JSON"), field by field over the schemas themselves: every optional field of
 * the Checkout session, the hosted-fields session token and the hosted-fields payment request reads "" as absent
 * (as null), every numeric field reads a numeric string as its number, and values that are really wrong keep their
 * exact errors. The fields are enumerated from the schemas, so a field added later is covered too.
 */
import { describe, expect, it } from 'vitest';
import * as z from '../../../shared/lib/zod-mini.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { readSessionRequest, sessionSchema } from '../../../shared/protocol/checkout/session-request.js';
import { readTokenRequest, tokenRequestSchema } from '../../../shared/protocol/hosted-fields/token-request.js';
import { paymentRequestSchema, readPaymentRequest } from '../../../shared/protocol/hosted-fields/payment-request.js';

interface FieldInfo {
  path: string[];
  optional: boolean;
  number: boolean;
  /** Any value is accepted (billing_address.state, language ...): nothing is "really wrong" for it. */
  anything: boolean;
}

/** Every field of an object schema and of its named objects (not free-form records), with what it expects. */
function fieldsOf(schema: z.ZodMiniObject, prefix: string[] = []): FieldInfo[] {
  return Object.entries(schema.shape as Record<string, z.ZodMiniType>).flatMap(([key, field]) => {
    const optional = field instanceof z.ZodMiniOptional;
    const inner = optional ? (field.def.innerType as z.ZodMiniType) : field;
    const self: FieldInfo = {
      path: [...prefix, key],
      optional,
      number: inner instanceof z.ZodMiniNumber,
      anything: inner instanceof z.ZodMiniUnknown,
    };
    return inner instanceof z.ZodMiniObject ? [self, ...fieldsOf(inner, [...prefix, key])] : [self];
  });
}

const name = (f: FieldInfo) => f.path.join('.');
const clone = <T>(v: T): T => structuredClone(v);

/** The body with `path` set to `value` (undefined: removed), creating the named objects on the way. */
function withField(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const out = clone(body);
  let node = out;
  for (const k of path.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
  if (value === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = value;
  return out;
}

function errorsOf(read: () => unknown): string[] {
  try {
    read();
  } catch (err) {
    if (err instanceof ValidationError) return err.fieldErrors.map((e) => `${e.field}: ${e.message}`);
    throw err;
  }
  return [];
}

const SESSION = {
  merchant_key: 'key',
  operation: 'purchase',
  success_url: 'https://shop.example/ok',
  hash: 'hash',
  order: { number: 'order-1', amount: '10.00', currency: 'USD', description: 'Blue T-shirt' },
};
const TOKEN = { ...SESSION, success_url: undefined, return_url: 'https://shop.example/back' };
const PAYMENT = { name: 'John Doe', with_hosted_fields: true };

const BODIES = [
  { label: 'Checkout session', schema: sessionSchema, base: SESSION, read: (b: unknown) => readSessionRequest(JSON.stringify(b)) },
  {
    label: 'hosted-fields session token',
    schema: tokenRequestSchema,
    base: TOKEN,
    read: (b: unknown) => readTokenRequest(JSON.stringify(b)),
  },
  {
    label: 'hosted-fields payment request',
    schema: paymentRequestSchema,
    base: PAYMENT,
    read: (b: unknown) => readPaymentRequest(JSON.stringify(b)),
  },
] as const;

describe.each(BODIES)('$label', ({ schema, base, read }) => {
  const fields = fieldsOf(schema);
  const optional = fields.filter((f) => f.optional);

  it('the base body is valid, and the schema has optional fields to check', () => {
    expect(errorsOf(() => read(base))).toEqual([]);
    expect(optional.length).toBeGreaterThan(3);
  });

  it.each(optional.map((f) => [name(f), f] as const))('%s: "" reads as absent, as null does', (_n, f) => {
    const absent = read(withField(base, f.path, undefined));
    expect(read(withField(base, f.path, ''))).toEqual(absent);
    expect(read(withField(base, f.path, null))).toEqual(absent);
  });

  it.each(optional.filter((f) => !f.anything).map((f) => [name(f), f] as const))(
    '%s: a value of the wrong kind keeps its error',
    (_n, f) => {
      const errors = errorsOf(() => read(withField(base, f.path, [{ wrong: true }])));
      expect(errors.length, JSON.stringify(errors)).toBeGreaterThan(0);
      expect(errors.every((e) => e.startsWith(name(f)))).toBe(true);
    },
  );

  it.each(
    fields
      .filter((f) => !f.optional && !fields.some((o) => o.optional && name(f).startsWith(`${name(o)}.`)))
      .map((f) => [name(f), f] as const),
  )('%s (required): "" is still an error', (_n, f) => {
    const errors = errorsOf(() => read(withField(base, f.path, '')));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.some((e) => e.startsWith(`${name(f)}: `))).toBe(true);
  });
});

describe('numeric fields: a numeric string is its number, and only that', () => {
  const numeric = BODIES.flatMap((b) =>
    fieldsOf(b.schema)
      .filter((f) => f.number)
      .map((f) => ({ ...b, field: f })),
  );

  it('the schemas have numeric fields: session_expiry in both session bodies', () => {
    expect(numeric.map((n) => `${n.label}: ${name(n.field)}`)).toEqual([
      'Checkout session: session_expiry',
      'hosted-fields session token: session_expiry',
    ]);
  });

  const INT = 'session_expiry: This value should be of type int.';
  const RANGE = 'session_expiry: This value should be between 1 and 720.';
  const CASES: Array<[unknown, number | string]> = [
    [15, 15],
    ['15', 15],
    ['1', 1],
    ['720', 720],
    ['', 60],
    [null, 60],
    ['0', RANGE],
    ['721', RANGE],
    ['-5', RANGE],
    ['15.5', INT],
    [15.5, INT],
    ['abc', INT],
    [' 15', INT],
    ['15 ', INT],
    ['1e2', INT],
    ['0x0F', INT],
    [true, INT],
    [[15], INT],
  ];

  describe.each(numeric)('$label', ({ base, read }) => {
    it.each(CASES)('session_expiry %j → %j', (sent, expected) => {
      const body = { ...base, session_expiry: sent };
      if (typeof expected === 'number') expect((read(body) as { sessionExpiryMinutes: number }).sessionExpiryMinutes).toBe(expected);
      else expect(errorsOf(() => read(body))).toEqual([expected]);
    });
  });
});

it('the live merchant backend\'s body: session_expiry "15" and customer.birth_date "" are read', () => {
  const req = readSessionRequest(
    JSON.stringify({ ...SESSION, session_expiry: '15', customer: { name: 'John Doe', email: 'doe@example.com', birth_date: '' } }),
  );
  expect(req.sessionExpiryMinutes).toBe(15);
  expect(req.body.customer).toEqual({ name: 'John Doe', email: 'doe@example.com' });
});

it('free-form objects keep their "" and numeric strings as the merchant sent them', () => {
  const req = readSessionRequest(JSON.stringify({ ...SESSION, custom_data: { note: '', count: '15' }, parameters: { card: { x: '' } } }));
  expect(req.body.custom_data).toEqual({ note: '', count: '15' });
  expect(req.body.parameters).toEqual({ card: { x: '' } });
});
