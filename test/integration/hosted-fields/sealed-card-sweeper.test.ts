/**
 * Security issue 8 item 11: the card the iframes submitted (PAN, expiry, CVV, sealed) must not wait in an abandoned
 * session until DynamoDB's TTL (days): the SealedCardSweeper deletes it once its window passed. Short window here
 * (CARD_DATA_TTL_SECONDS=2); on AWS it is 14 minutes and the sweeper runs every minute (README: at most 15).
 */
import { beforeAll, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { checkoutSessionKey } from '../../../shared/adapters/aws/dynamo-checkout-sessions.js';
import { hostedFieldsTokenHash } from '../../../shared/operations/hosted-fields/session.js';
import { SCHEDULED } from '../../../shared/entry/routes/index.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { createToken, pay, submitCard } from './support.js';

const platform = usePlatform({ CARD_DATA_TTL_SECONDS: '2' });
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const sessionItem = async (token: string) =>
  (
    await awsClients().ddb.send(
      new GetCommand({
        TableName: platform.resources.tableName,
        Key: checkoutSessionKey(hostedFieldsTokenHash(token)),
        ConsistentRead: true,
      }),
    )
  ).Item!;
const sweeperList = async () =>
  (
    await awsClients().ddb.send(
      new QueryCommand({
        TableName: platform.resources.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p',
        ExpressionAttributeValues: { ':p': 'SEALED_CARD' },
      }),
    )
  ).Items ?? [];
const sweep = () => platform.runScheduled('SealedCardSweeper');
/** Until the card's window, as stored with it, has passed: the time the platform counts, not a guess at it. */
const pastWindow = async (token: string) => {
  const until = Date.parse((await sessionItem(token)).hostedFields.cardExpiresAt as string);
  await eventually(() => (Date.now() > until ? true : undefined));
};

it('is a scheduled function of the route table, every minute', () => {
  expect(SCHEDULED.find((s) => s.id === 'SealedCardSweeper')).toMatchObject({
    everyMinutes: 1,
    handler: 'functions/hosted-fields/sweep-cards',
  });
});

it("deletes an abandoned session's sealed card once its window passed, and not before", async () => {
  const { token } = await createToken(platform.url, merchant);
  expect((await submitCard(platform.url, token)).body.result).toBe('success');
  const held = await sessionItem(token);
  expect(held.hostedFields.sealedCard).toEqual(expect.any(String));
  expect(held.gsi2pk).toBe('SEALED_CARD');

  await sweep(); // the window (2 s) has not passed yet
  expect((await sessionItem(token)).hostedFields.sealedCard).toEqual(expect.any(String));

  await pastWindow(token);
  await sweep();
  const swept = await sessionItem(token);
  expect(swept.hostedFields.sealedCard).toBeUndefined();
  expect(swept.hostedFields.cardExpiresAt).toBeUndefined();
  expect(swept.gsi2pk).toBeUndefined();
  expect(swept.version).toBe(held.version + 1); // a write based on an older read cannot put the card back
  expect((await sweeperList()).some((i) => String(i.gsi2sk).endsWith(hostedFieldsTokenHash(token)))).toBe(false);

  // The session is still open: the payer can submit the card again and the merchant can pay with it.
  expect((await pay(platform.url, token)).body.error_message).toBe('Card data has not been submitted.');
  expect((await submitCard(platform.url, token)).body.result).toBe('success');
  expect((await pay(platform.url, token)).body.result).toBe('success');
  expect((await sessionItem(token)).gsi2pk).toBeUndefined(); // paying removed the card and its list entry
});

it('leaves a newer card alone (conditional on the card it listed)', async () => {
  const { token } = await createToken(platform.url, merchant);
  await submitCard(platform.url, token);
  const first = (await sessionItem(token)).gsi2sk as string;
  await pastWindow(token);
  // The sweeper lists the expired card; meanwhile the payer submits again (new expiry), then the sweeper writes.
  const stale = { cardExpiresAt: first.split('#')[0]!, tokenHash: hostedFieldsTokenHash(token) };
  await submitCard(platform.url, token);
  const { DynamoSealedCards } = await import('../../../shared/adapters/aws/dynamo-sealed-cards.js');
  expect(await new DynamoSealedCards(platform.resources.tableName).drop(stale, new Date().toISOString())).toBe(false);
  expect((await sessionItem(token)).hostedFields.sealedCard).toEqual(expect.any(String));
  expect((await pay(platform.url, token)).body.result).toBe('success');
});
