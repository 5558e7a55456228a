/**
 * The foundation's vertical slice through every layer: gateway → handler → DynamoDB (2 writes and the risk check's
 * read) → outbox → SQS → delivery to the merchant's URL, with the F2 signature verifying.
 */
// First: this file reads the platform's logs, at DEBUG (see the module).
import '../../support/read-logs.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { currentInvocation } from '../../../scripts/local/invocations.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { formula2 } from '../../../shared/protocol/signature.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { SANDBOX_CARD, saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform({ CONFIG_CACHE_TTL_SECONDS: '60' });
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

describe('first card payment end to end', () => {
  it('delivers a SALE callback signed with Formula 2 through SQS', async () => {
    const sale = await postForm(`${platform.url}/post`, saleFields(merchant, { order_id: 'foundation-1' }));
    expect(sale.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === sale.body.trans_id));
    expect(cb.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(cb.fields).toMatchObject({
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: 'foundation-1',
      amount: '10.00',
      currency: 'USD',
      card: '411111****1111',
    });
    const expected = formula2({
      email: 'doe@example.com',
      password: merchant.password,
      transId: sale.body.trans_id,
      cardNumber: SANDBOX_CARD,
    });
    expect(cb.fields.hash).toBe(expected);
    expect(cb.fields.ARN).toMatch(/^\d+$/);
  });

  it('sends ARN empty in a callback when the acquirer gave none (spec: "empty in callbacks when missing")', async () => {
    const sale = await postForm(`${platform.url}/post`, saleFields(merchant, { card_exp_month: '02' }));
    expect(sale.body).toMatchObject({ result: 'DECLINED' });
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === sale.body.trans_id));
    expect(cb.raw).toMatch(/(^|&)ARN=(&|$)/);
    expect(cb.fields.status).toBe('DECLINED');
  });

  it('writes a SALE in 2 DynamoDB round trips once the merchant configuration is cached: the risk read goes beside the reservation', async () => {
    // Warm the per-container config cache, and let that sale's callback finish so the consumer is idle.
    const warm = await postForm(`${platform.url}/post`, saleFields(merchant));
    await callbacksSettled(platform, [warm.body.trans_id]);
    // The merchant's test-clock reading is cached for 5 s only: read it again right before the measured SALE.
    expect((await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_STATUS', warm.body.trans_id))).body.status).toBe(
      'SETTLED',
    );
    const calls: string[] = [];
    const inFlightAtStart: number[] = [];
    let inFlight = 0;
    const ddb = awsClients().ddb;
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        // Only the request's own calls: the table stream's consumers share this process and may run meanwhile
        // (the PREPARE payment's INSERT reaches the dashboard counters while the SALE waits for the acquirer).
        if (currentInvocation()?.functionName !== 'S2sCardPost') return next(args);
        calls.push(String(context.commandName));
        inFlightAtStart.push(inFlight++);
        try {
          return await next(args);
        } finally {
          inFlight--;
        }
      },
      { step: 'initialize', name: 'roundTripCounter' },
    );
    try {
      const res = await postForm(`${platform.url}/post`, saleFields(merchant));
      expect(res.body.result).toBe('SUCCESS');
    } finally {
      ddb.middlewareStack.remove('roundTripCounter');
    }
    // The reservation (the PREPARE payment, which is its own idempotency claim: one conditional Put) beside the risk
    // check's blocklist read (a sandbox test card is not counted: no append; docs/risk.md), then the outcome (payment
    // + callback) alone.
    expect(calls.slice(0, 2).sort()).toEqual(['BatchGetItemCommand', 'PutItemCommand']);
    expect(calls[2]).toBe('TransactWriteItemsCommand');
    expect(inFlightAtStart).toEqual([0, 1, 0]);
  });

  it('records the payment before the acquirer answers: no answer leaves it PREPARE (UNDEFINED), never lost', async () => {
    const fields = saleFields(merchant, { card_exp_month: '10', order_id: 'no-answer-1' });
    const res = await postForm(`${platform.url}/post`, fields);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'SALE', result: 'UNDEFINED', status: 'PREPARE', order_id: 'no-answer-1' });
    const byOrder = await awsClients().ddb.send(
      new QueryCommand({
        TableName: platform.resources.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': `ORDER#${merchant.clientKey}#no-answer-1` },
      }),
    );
    expect(byOrder.Items).toHaveLength(1);
    // The order index holds keys; the payment itself is read by key.
    expect(byOrder.Items![0]).toMatchObject({ pk: `PAYMENT#${res.body.trans_id}` });
    expect(await deps().payments.get(res.body.trans_id as string)).toMatchObject({ status: 'PREPARE', transId: res.body.trans_id });
    // The merchant retrying the same request gets the same answer, not a second charge attempt.
    const again = await postForm(`${platform.url}/post`, fields);
    expect(again.body.trans_id).toBe(res.body.trans_id);
  });

  it('keeps the PAN and CVV out of DynamoDB and out of the logs', async () => {
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    try {
      const res = await postForm(`${platform.url}/post`, saleFields(merchant, { card_cvv2: '7391', order_id: 'pan-check' }));
      expect(res.body.result).toBe('SUCCESS');
      await eventually(() => shop.received.find((c) => c.fields.trans_id === res.body.trans_id));
    } finally {
      process.stdout.write = write;
    }
    const items = (await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? [];
    const strings: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') strings.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(items);
    expect(strings.length).toBeGreaterThan(10);
    expect(strings.filter((s) => s.includes(SANDBOX_CARD))).toEqual([]);
    expect(strings.filter((s) => s === '7391')).toEqual([]);
    // No attribute is named after the CVV (its value is checked above); ciphertexts may contain any letters.
    const names: string[] = [];
    const walkNames = (v: unknown): void => {
      if (v && typeof v === 'object')
        for (const [k, child] of Object.entries(v)) {
          names.push(k);
          walkNames(child);
        }
    };
    walkNames(items);
    expect(names.filter((n) => /cvv/i.test(n))).toEqual([]);
    expect(written.join('')).toContain('"handler":"POST /post"'); // the logs were captured
    expect(written.join('')).not.toContain(SANDBOX_CARD);
    expect(written.join('')).not.toContain(merchant.password);
  });
});
