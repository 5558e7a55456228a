/**
 * A payment-creating request's payment is its own idempotency claim (trans id derived from the request's key): one
 * conditional Put reserves it, and a duplicate answers from the payment that Put's refusal returns.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { DynamoPaymentStore } from '../../../shared/adapters/aws/dynamo-payment-store.js';
import { resetConfig } from '../../../shared/lib/config.js';
import { resetAwsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { IdempotencyClaimedError } from '../../../shared/ports/payment-store.js';
import type { Payment } from '../../../shared/domain/payment.js';

// The class the platform's client is (aws-clients.ts): its send() is the one the adapters call.
const ddb = mockClient(DynamoDBDocumentClient);
const NOW = Date.parse('2026-01-02T00:00:00.000Z');
const KEY = 'f'.repeat(64);

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    CALLBACK_QUEUE_URL: 'q',
    KMS_KEY_ID: 'k',
    CARD_DATA_KMS_KEY_ID: 'k1',
    MERCHANT_SECRETS_KMS_KEY_ID: 'k2',
    WALLET_KEYS_KMS_KEY_ID: 'k3',
    PUBLIC_BASE_URL: 'http://localhost',
  });
  resetConfig();
  resetAwsClients();
});
beforeEach(() => ddb.reset());
// The unit lane's workers run other files after this one (isolate: false): the real send() comes back.
afterAll(() => ddb.restore());

const ids = (legacyClaimsUntil = 0) => ({
  derive: async (key: string, g: number) => `id-${key.slice(0, 4)}-${g}`,
  legacyClaimsUntil: async () => legacyClaimsUntil,
});
const store = (legacyUntil = 0) => new DynamoPaymentStore('t', () => new Date(NOW), 30_000, ids(legacyUntil));
const named = (transId = 'id-ffff-0', createdAt = new Date(NOW).toISOString()): Payment => ({
  transId,
  clientKey: 'm1',
  protocol: 's2s-card',
  action: 'SALE',
  orderId: 'o1',
  orderDescription: 'd',
  currency: 'USD',
  amount: 1000,
  capturedAmount: 0,
  refundedAmount: 0,
  status: 'PREPARE',
  midId: 'mid',
  connector: 'sandbox',
  details: {},
  descriptor: 'X',
  createdAt,
  updatedAt: createdAt,
  history: [{ id: transId, type: 'SALE', status: 'waiting', date: createdAt, amount: 1000 }],
  callbackCount: 0,
  version: 1,
});
const refusedWith = (found: Payment) =>
  new ConditionalCheckFailedException({
    message: 'x',
    $metadata: {},
    Item: marshall({ pk: `PAYMENT#${found.transId}`, sk: 'PAYMENT', ...found }, { removeUndefinedValues: true }),
  });
const claim = { key: KEY, ttlSeconds: 24 * 3600 };

describe('the payment as its own idempotency claim', () => {
  it('derives the trans id from the request key and reserves with one conditional Put, no claim item', async () => {
    ddb.on(PutCommand).resolves({});
    const s = store();
    expect(await s.transIdFor(KEY)).toBe('id-ffff-0');
    await s.reserve(named(), claim);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    const put = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put).toMatchObject({
      Item: { pk: 'PAYMENT#id-ffff-0' },
      ConditionExpression: 'attribute_not_exists(pk)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
  });

  it('keeps a claim item for a payment not named by its key', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await store().reserve(named('random-id'), claim);
    expect(ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!.Item).toMatchObject({
      pk: `IDEMPOTENCY#${KEY}`,
      transId: 'random-id',
    });
  });

  it('answers a duplicate with the kept answer', async () => {
    const first = {
      ...named(),
      status: 'SETTLED' as const,
      answer: { key: KEY.slice(0, 32), statusCode: 200, body: '{"a":1}', until: NOW / 1000 + 60 },
    };
    ddb.on(PutCommand).rejects(refusedWith(first));
    const err = await store()
      .reserve(named(), claim)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IdempotencyClaimedError);
    expect((err as IdempotencyClaimedError).claim).toEqual({ state: 'completed', result: { statusCode: 200, body: '{"a":1}' } });
  });

  it('answers "in progress" while the first request may be alive, and names its payment once its lock ran out', async () => {
    ddb.on(PutCommand).rejects(refusedWith(named('id-ffff-0', new Date(NOW - 10_000).toISOString())));
    const live = await store()
      .reserve(named(), claim)
      .catch((e: IdempotencyClaimedError) => e.claim);
    expect(live).toEqual({ state: 'in-progress', stale: false, reserved: { transId: 'id-ffff-0', attemptId: 'id-ffff-0' } });
    ddb.reset();
    ddb.on(PutCommand).rejects(refusedWith(named('id-ffff-0', new Date(NOW - 31_000).toISOString())));
    const abandoned = await store()
      .reserve(named(), claim)
      .catch((e: IdempotencyClaimedError) => e.claim);
    expect(abandoned).toEqual({ state: 'in-progress', stale: true, reserved: { transId: 'id-ffff-0', attemptId: 'id-ffff-0' } });
  });

  it("makes a new payment under the next generation once the found one's window ended", async () => {
    const old = {
      ...named('id-ffff-0', '2025-12-30T00:00:00.000Z'),
      answer: { key: KEY.slice(0, 32), statusCode: 200, body: '{}', until: NOW / 1000 - 1 },
    };
    const unanswered = named('id-ffff-1', '2025-12-31T00:00:00.000Z');
    ddb.on(PutCommand).rejectsOnce(refusedWith(old)).rejectsOnce(refusedWith(unanswered)).resolves({});
    const p = named();
    await store().reserve(p, claim);
    expect(p.transId).toBe('id-ffff-2');
    expect(p.history[0]!.id).toBe('id-ffff-2');
    expect(ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item!.pk)).toEqual([
      'PAYMENT#id-ffff-0',
      'PAYMENT#id-ffff-1',
      'PAYMENT#id-ffff-2',
    ]);
  });

  it('reads a claim item of the earlier design while one may be live', async () => {
    ddb.on(GetCommand).resolves({
      Item: { pk: `IDEMPOTENCY#${KEY}`, state: 'COMPLETED', result: { statusCode: 200, body: '{"old":1}' }, expiresAt: NOW / 1000 + 60 },
    });
    const taken = await store(NOW + 1000)
      .reserve(named(), claim)
      .catch((e: IdempotencyClaimedError) => e.claim);
    expect(taken).toEqual({ state: 'completed', result: { statusCode: 200, body: '{"old":1}' } });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    ddb.reset();
    ddb.on(PutCommand).resolves({});
    await store(NOW - 1).reserve(named(), claim);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });
});
