/**
 * What the risk check adds to a SALE (docs/performance.md): no round trip. The BatchGetItem of the merchant's
 * thresholds and the IP's counter, and the UpdateItem that appends the attempt to the card's counter, go out beside
 * the reservation's PutItem.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { currentInvocation } from '../../../scripts/local/invocations.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { callbacksSettled } from '../../support/drained.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { testCard } from '../../support/cards.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { updateMidLimits } from '../../../shared/operations/risk/manage-mid-limits.js';

const platform = usePlatform({ CONFIG_CACHE_TTL_SECONDS: '60' });
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

it('a SALE with a card that counts makes 2 round trips: the read and the append beside the reservation, then the outcome', async () => {
  // Warm the config cache and the fingerprint key, and let that sale's callback finish so the consumer is idle.
  const warm = await postForm(`${platform.url}/post`, saleFields(merchant, { card_number: testCard(1) }));
  await callbacksSettled(platform, [warm.body.trans_id]);
  expect(
    (await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_STATUS', warm.body.trans_id, { card: testCard(1) }))).body
      .status,
  ).toBe('SETTLED');
  const calls: { name: string; inFlight: number }[] = [];
  let inFlight = 0;
  const ddb = awsClients().ddb;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (currentInvocation()?.functionName !== 'S2sCardPost') return next(args);
      inFlight++;
      calls.push({ name: String(context.commandName), inFlight });
      try {
        return await next(args);
      } finally {
        inFlight--;
      }
    },
    { step: 'initialize', name: 'riskRoundTripCounter' },
  );
  try {
    const res = await postForm(`${platform.url}/post`, saleFields(merchant, { card_number: testCard(2) }));
    expect(res.body.result).toBe('SUCCESS');
  } finally {
    ddb.middlewareStack.remove('riskRoundTripCounter');
  }
  const names = calls.map((c) => c.name);
  expect(names.slice(0, 3).sort()).toEqual(['BatchGetItemCommand', 'PutItemCommand', 'UpdateItemCommand']);
  // The third started while the other two were in flight: one round trip.
  expect(calls[2]!.inFlight).toBe(3);
  // The outcome: a conditional PutItem, as this merchant has no callback URL (with one: TransactWriteItems).
  expect(names[3]).toBe('PutItemCommand');
  expect(names).toHaveLength(4);
});

it("a MID with a daily cap keeps 2 round trips: the cap's conditional ADD goes beside the read and the reservation", async () => {
  const capped = await testMerchant();
  const mid = (await deps().merchants.get(capped.clientKey))!.mids[0]!;
  await updateMidLimits(deps(), capped.clientKey, mid.midId, { dailyCap: '100000.00' });
  const warm = await postForm(`${platform.url}/post`, saleFields(capped, { card_number: testCard(3) }));
  await callbacksSettled(platform, [warm.body.trans_id]);
  const calls: { name: string; inFlight: number }[] = [];
  let inFlight = 0;
  const ddb = awsClients().ddb;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (currentInvocation()?.functionName !== 'S2sCardPost') return next(args);
      inFlight++;
      calls.push({ name: String(context.commandName), inFlight });
      try {
        return await next(args);
      } finally {
        inFlight--;
      }
    },
    { step: 'initialize', name: 'capRoundTripCounter' },
  );
  try {
    expect((await postForm(`${platform.url}/post`, saleFields(capped, { card_number: testCard(4) }))).body.result).toBe('SUCCESS');
  } finally {
    ddb.middlewareStack.remove('capRoundTripCounter');
  }
  const names = calls.map((c) => c.name);
  expect(names.slice(0, 4).sort()).toEqual(['BatchGetItemCommand', 'PutItemCommand', 'UpdateItemCommand', 'UpdateItemCommand']);
  expect(calls[3]!.inFlight).toBe(4);
  expect(names[4]).toBe('PutItemCommand');
  expect(names).toHaveLength(5);
});

it("a repeated SALE is answered from its first payment and gives back the cap's volume it reserved beside the reservation", async () => {
  const capped = await testMerchant();
  const mid = (await deps().merchants.get(capped.clientKey))!.mids[0]!;
  await updateMidLimits(deps(), capped.clientKey, mid.midId, { dailyCap: '20.00' });
  const first = saleFields(capped, { order_amount: '10.00', card_number: testCard(5) });
  const sale = await postForm(`${platform.url}/post`, first);
  expect(sale.body.result).toBe('SUCCESS');
  const again = await postForm(`${platform.url}/post`, first);
  expect(again.body.trans_id).toBe(sale.body.trans_id);
  // 10.00 + 10.00 fits the cap of 20.00 only if the repeat's reservation of 10.00 went back.
  expect(
    (await postForm(`${platform.url}/post`, saleFields(capped, { order_amount: '10.00', card_number: testCard(6) }))).body.result,
  ).toBe('SUCCESS');
  expect(
    (await postForm(`${platform.url}/post`, saleFields(capped, { order_amount: '10.00', card_number: testCard(7) }))).body.decline_reason,
  ).toBe('Declined by risk rules.');
});
