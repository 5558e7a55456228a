/**
 * What the risk check adds to a SALE (docs/performance.md): one round trip, made of the BatchGetItem of the
 * merchant's thresholds and the IP's counter beside the UpdateItem that appends the attempt to the card's counter.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws-clients.js';
import { currentInvocation } from '../../../scripts/local/invocations.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { callbacksSettled } from '../../support/drained.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { testCard } from '../../support/cards.js';
import { deps } from '../../../shared/deps.js';
import { updateMidLimits } from '../../../shared/operations/risk/manage-mid-limits.js';

const platform = usePlatform({ CONFIG_CACHE_TTL_SECONDS: '60' });
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

it('a SALE with a card that counts makes one round trip more than without: the read and the append side by side', async () => {
  // Warm the config cache and the fingerprint key, and let that sale's callback finish so the consumer is idle.
  const warm = await postForm(`${platform.url}/post`, saleFields(merchant, { card_number: testCard(1) }));
  await callbacksSettled(platform, [warm.body.trans_id]);
  expect((await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_STATUS', warm.body.trans_id, { card: testCard(1) }))).body.status).toBe('SETTLED');
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
  expect(names[0]).toBe('PutItemCommand');
  expect(names.slice(1, 3).sort()).toEqual(['BatchGetItemCommand', 'UpdateItemCommand']);
  // The second of the two started while the first was in flight: one round trip.
  expect(calls[2]!.inFlight).toBe(2);
  // The outcome: a conditional PutItem, as this merchant has no callback URL (with one: TransactWriteItems).
  expect(names[3]).toBe('PutItemCommand');
  expect(names).toHaveLength(4);
});

it('a MID with a daily cap keeps that round trip: the cap\'s conditional ADD goes beside the read', async () => {
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
  expect(names[0]).toBe('PutItemCommand');
  expect(names.slice(1, 4).sort()).toEqual(['BatchGetItemCommand', 'UpdateItemCommand', 'UpdateItemCommand']);
  expect(calls[3]!.inFlight).toBe(3);
  expect(names[4]).toBe('PutItemCommand');
  expect(names).toHaveLength(5);
});
