/** How the DynamoDB adapter shapes its writes: the conditions are the concurrency guarantees, so pin them exactly. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { DynamoPaymentStore } from '../../../shared/adapters/aws/dynamo-payment-store.js';
import { resetConfig } from '../../../shared/lib/config.js';
import { resetAwsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { ConflictError } from '../../../shared/domain/errors.js';
import type { Payment } from '../../../shared/domain/payment.js';

// The class the platform's client is (aws-clients.ts): its send() is the one the adapters call.
const ddb = mockClient(DynamoDBDocumentClient);

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

const payment = (version: number): Payment => ({
  transId: 'a1',
  clientKey: 'm1',
  protocol: 's2s-card',
  action: 'SALE',
  orderId: 'o1',
  orderDescription: 'd',
  currency: 'USD',
  amount: 1000,
  capturedAmount: 0,
  refundedAmount: 0,
  status: 'PENDING',
  midId: 'mid',
  connector: 'sandbox',
  details: {},
  descriptor: 'X',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  history: [],
  callbackCount: 0,
  version,
});

describe('DynamoPaymentStore', () => {
  it('creates a payment only if none exists, with its callbacks and the idempotent result in one transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const store = new DynamoPaymentStore('t');
    const cb = {
      eventId: 'e1',
      transId: 'a1',
      clientKey: 'm1',
      seq: 1,
      protocol: 's2s-card' as const,
      url: 'https://m',
      fields: { a: 'b' },
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    await store.create(payment(1), [cb], { key: 'k1', result: { statusCode: 200, body: '{}' } });
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items).toHaveLength(3);
    expect(items[0]!.Put).toMatchObject({
      Item: { pk: 'PAYMENT#a1', sk: 'PAYMENT', gsi1pk: 'ORDER#m1#o1' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[1]!.Put).toMatchObject({
      Item: { pk: 'PAYMENT#a1', sk: 'CALLBACK#000001#e1', gsi2pk: 'OUTBOX' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[2]!.Update).toMatchObject({
      Key: { pk: 'IDEMPOTENCY#k1', sk: 'REQUEST' },
      UpdateExpression: 'SET #s = :done, #r = :result',
    });
  });

  it('updates only from the version it read and reports a lost race as a conflict', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejects(
        new TransactionCanceledException({ message: 'x', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }),
      );
    const store = new DynamoPaymentStore('t');
    const cb = {
      eventId: 'e1',
      transId: 'a1',
      clientKey: 'm1',
      seq: 1,
      protocol: 's2s-card' as const,
      url: 'https://m',
      fields: {},
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    await expect(store.update(payment(3), [cb])).rejects.toBeInstanceOf(ConflictError);
    const put = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!;
    expect(put.ConditionExpression).toBe('#v = :expected');
    expect(put.ExpressionAttributeValues).toEqual({ ':expected': 2 });
  });

  it('writes a payment alone with a conditional Put, not a one-item transaction (half the write units)', async () => {
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'x', $metadata: {} }));
    await expect(new DynamoPaymentStore('t').update(payment(3), [])).rejects.toBeInstanceOf(ConflictError);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const put = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.ConditionExpression).toBe('#v = :expected');
    expect(put.ExpressionAttributeValues).toEqual({ ':expected': 2 });
  });

  it('keeps a follow-up claim on the payment only while its attempt waits', async () => {
    ddb.on(PutCommand).resolves({});
    const p = payment(2);
    p.history = [
      { id: 'r1', type: 'REFUND', status: 'waiting', date: p.createdAt, amount: 100 },
      { id: 'r2', type: 'REFUND', status: 'success', date: p.createdAt, amount: 100 },
    ];
    p.claims = [
      { key: 'k1', attemptId: 'r1', lockExpiresAt: 1 },
      { key: 'k2', attemptId: 'r2', lockExpiresAt: 1 },
    ];
    await new DynamoPaymentStore('t').update(p, []);
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item!.claims).toEqual([{ key: 'k1', attemptId: 'r1', lockExpiresAt: 1 }]);
  });

  it("keeps a payment-creating request's answer on the payment, and answers its repeat from there", async () => {
    ddb.on(PutCommand).resolves({});
    const store = new DynamoPaymentStore('t', () => new Date(1_000_000));
    const key = 'f'.repeat(64);
    await store.update(payment(2), [], { key, result: { statusCode: 200, body: '{"a":1}' }, keepSeconds: 60 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const item = ddb.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(item.answer).toEqual({ key: 'f'.repeat(32), statusCode: 200, body: '{"a":1}', until: 1_060 });

    ddb.reset();
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'x',
        $metadata: {},
        CancellationReasons: [
          {
            Code: 'ConditionalCheckFailed',
            Item: marshall({ state: 'IN_PROGRESS', lockExpiresAt: 1_000_001, transId: 'a1', attemptId: 'a1' }),
          },
        ],
      }),
    );
    ddb.on(GetCommand).resolves({ Item: item });
    const repeat = store.reserve({ ...payment(1), transId: 'a2' }, { key, ttlSeconds: 60 });
    await expect(repeat).rejects.toMatchObject({ claim: { state: 'completed', result: { statusCode: 200, body: '{"a":1}' } } });
    // Once kept past its time, a later write drops it.
    ddb.reset();
    ddb.on(PutCommand).resolves({});
    await new DynamoPaymentStore('t', () => new Date(2_000_000)).update({ ...payment(3), answer: item.answer }, []);
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item!.answer).toBeUndefined();
  });

  it('claims an idempotency key unless a live claim or a completed result exists', async () => {
    const store = new DynamoPaymentStore('t', () => new Date(1_000_000));
    ddb.on(PutCommand).resolvesOnce({});
    expect(await store.claim('k', 60)).toEqual({ state: 'claimed', key: 'k' });
    const input = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    // A claim that reserved a payment or attempt (transId set) is never taken over, however old its lock.
    expect(input.ConditionExpression).toBe(
      'attribute_not_exists(pk) OR (#s = :inProgress AND lockExpiresAt < :now AND attribute_not_exists(transId)) OR expiresAt < :nowSeconds',
    );

    ddb.reset();
    ddb.on(PutCommand).rejectsOnce(
      new ConditionalCheckFailedException({
        message: 'x',
        $metadata: {},
        Item: marshall({ state: 'COMPLETED', result: { statusCode: 200, body: '{"a":1}' } }),
      }),
    );
    expect(await store.claim('k', 60)).toEqual({ state: 'completed', result: { statusCode: 200, body: '{"a":1}' } });
    ddb.reset();
    ddb.on(PutCommand).rejectsOnce(
      new ConditionalCheckFailedException({
        message: 'x',
        $metadata: {},
        Item: marshall({ state: 'IN_PROGRESS', lockExpiresAt: 1_000_001 }),
      }),
    );
    expect(await store.claim('k', 60)).toEqual({ state: 'in-progress', stale: false });
    ddb.reset();
    ddb.on(PutCommand).rejectsOnce(
      new ConditionalCheckFailedException({
        message: 'x',
        $metadata: {},
        Item: marshall({ state: 'IN_PROGRESS', lockExpiresAt: 999_999, transId: 'a1', attemptId: 'r1', bodyHash: 'h' }),
      }),
    );
    expect(await store.claim('k', 60)).toEqual({
      state: 'in-progress',
      stale: true,
      reserved: { transId: 'a1', attemptId: 'r1' },
      bodyHash: 'h',
    });
  });

  it('reserves a payment with a claim that names it', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await new DynamoPaymentStore('t', () => new Date(1_000_000), 5_000).reserve(payment(1), { key: 'k', ttlSeconds: 60 });
    const [claim, put] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(claim!.Put!.Item).toMatchObject({
      pk: 'IDEMPOTENCY#k',
      state: 'IN_PROGRESS',
      transId: 'a1',
      attemptId: 'a1',
      lockExpiresAt: 1_005_000,
    });
    expect(put!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('notes a follow-up attempt on its claim in the same transaction as the payment write', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await new DynamoPaymentStore('t').reserveAttempt(payment(4), { key: 'k', attemptId: 'r9' });
    const [put, claim] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put!.ConditionExpression).toBe('#v = :expected');
    expect(claim!.Update).toMatchObject({
      Key: { pk: 'IDEMPOTENCY#k', sk: 'REQUEST' },
      UpdateExpression: 'SET transId = :t, attemptId = :a',
      ConditionExpression: '#s = :inProgress AND attribute_not_exists(transId)',
      ExpressionAttributeValues: { ':t': 'a1', ':a': 'r9', ':inProgress': 'IN_PROGRESS' },
    });
  });

  it('keeps the follow-up plans on every payment write, only while nothing waits', async () => {
    ddb.on(PutCommand).resolves({});
    const held = {
      ...payment(2),
      history: [{ id: 'a1', type: 'AUTH' as const, status: 'success' as const, date: '2026-01-01T00:00:00.000Z', amount: 1000 }],
    };
    await new DynamoPaymentStore('t').update(held, []);
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item!.fu).toEqual({
      x: '2/2',
      CAPTURE: { t: 'CAPTURE', a: 1000, lo: 1, hi: 1000 },
      CREDITVOID: { t: 'REVERSAL', a: 1000, lo: 1000, hi: 1000 },
    });
    const waiting = {
      ...held,
      version: 3,
      history: [
        ...held.history,
        { id: 'c1', type: 'CAPTURE' as const, status: 'waiting' as const, date: '2026-01-01T00:00:01.000Z', amount: 1000 },
      ],
    };
    await new DynamoPaymentStore('t').update(waiting, []);
    expect(ddb.commandCalls(PutCommand)[1]!.args[0].input.Item!.fu).toBeUndefined();
  });

  it('reserves a follow-up by one UpdateItem that takes the plan, and reads the payment from its refusal', async () => {
    const stored = {
      ...payment(3),
      pk: 'PAYMENT#a1',
      sk: 'PAYMENT',
      history: [],
      intent: { key: 'k', attemptId: 'r1', lockExpiresAt: 5, date: '2026-01-02T00:00:00.000Z' },
      intentPlan: { t: 'REFUND', a: 700, lo: 1, hi: 700 },
    };
    ddb
      .on(UpdateCommand)
      .resolvesOnce({ Attributes: stored })
      .rejectsOnce(
        new ConditionalCheckFailedException({
          message: 'x',
          $metadata: {},
          Item: marshall({ ...payment(3), pk: 'PAYMENT#a1', sk: 'PAYMENT', fu: { x: '2/2' } }) as never,
        }),
      );
    const store = new DynamoPaymentStore('t');
    const intent = {
      transId: 'a1',
      clientKey: 'm1',
      protocol: 's2s-card' as const,
      event: 'CREDITVOID' as const,
      amount: 300,
      attemptId: 'r1',
      claim: { key: 'k', lockExpiresAt: 5 },
      now: '2026-01-02T00:00:00.000Z',
    };
    const reserved = await store.reserveFollowUp(intent);
    const input = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.ConditionExpression).toBe(
      'clientKey = :ck AND attribute_exists(#fu.#e) AND #protocol = :protocol AND #fu.#x = :x AND #fu.#e.lo <= :amount AND #fu.#e.hi >= :amount',
    );
    expect(input.UpdateExpression).toBe(
      'SET intent = :intent, intentPlan = #fu.#e, #v = #v + :one, gsi2pk = :g2pk, gsi2sk = :g2sk REMOVE #fu',
    );
    expect(input).toMatchObject({ ReturnValues: 'ALL_NEW', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' });
    // Read back as a whole reservation stores it: the attempt waiting (the request's amount, else the plan's), the claim.
    expect(reserved).toEqual({
      reserved: expect.objectContaining({
        history: [{ id: 'r1', type: 'REFUND', status: 'waiting', date: '2026-01-02T00:00:00.000Z', amount: 700 }],
        claims: [{ key: 'k', attemptId: 'r1', lockExpiresAt: 5 }],
      }),
    });
    expect(Object.keys((reserved as { reserved: object }).reserved)).not.toContain('intent');
    // S2S CARD: the request's hash is part of the condition, as its verifier (a wrong hash writes nothing).
    const refused = await store.reserveFollowUp({ ...intent, event: 'VOID', amount: undefined, verifier: 'v1' });
    const second = ddb.commandCalls(UpdateCommand)[1]!.args[0].input;
    expect(second.ConditionExpression).toBe(
      'clientKey = :ck AND attribute_exists(#fu.#e) AND #protocol = :protocol AND fuv = :fuv AND #fu.#e.d = :today',
    );
    expect(second.ExpressionAttributeValues).toMatchObject({ ':fuv': 'v1' });
    expect(refused).toEqual({ current: expect.objectContaining({ transId: 'a1', version: 3 }) });
    expect(Object.keys((refused as { current: object }).current)).not.toContain('fu');
  });
});
