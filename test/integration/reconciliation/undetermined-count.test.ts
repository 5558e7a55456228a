/**
 * The reconciler counts the payments waiting for the acquirer for more than ten minutes (its report's `undetermined`,
 * the UndeterminedPayments metric behind the undetermined-payments alarm, docs/operations.md): one whose list entry
 * is eleven minutes old counts, one that has just become undetermined does not, and neither is resolved meanwhile.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { reconciliationDeps } from '../../../shared/entry/composition/deps.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { keys } from '../../../shared/adapters/aws/table-keys.js';
import { logger } from '../../../shared/lib/logger.js';
import { reconcile, UNDETERMINED_ALARM_MINUTES } from '../../../shared/operations/reconciliation/reconcile.js';
import { invocation, withInvocation } from '../../../shared/lib/telemetry.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';

// A grace period longer than the test: nothing is asked about or resolved, only counted.
const platform = usePlatform({ RECONCILE_GRACE_SECONDS: '3600' });
let merchant: Merchant;

beforeAll(async () => {
  logger.setLogLevel('ERROR');
  merchant = await testMerchant();
});

/** A SALE the sandbox acquirer never answers (10/2038): UNDEFINED, on the reconciler's list. */
async function undefinedSale(): Promise<string> {
  const res = await postForm(`${platform.url}/post`, saleFields(merchant, { card_exp_month: '10' }));
  expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
  return res.body.trans_id as string;
}

/** Moves a payment's list entry back in time, as if its transaction had been sent `minutes` ago. */
async function waitingFor(transId: string, minutes: number): Promise<void> {
  const since = new Date(Date.now() - minutes * 60_000).toISOString();
  const { gsi2sk } = keys.undeterminedEntry(since, transId);
  await awsClients().ddb.send(
    new UpdateCommand({
      TableName: platform.resources.tableName,
      Key: keys.payment(transId),
      UpdateExpression: 'SET gsi2sk = :sk',
      ExpressionAttributeValues: { ':sk': gsi2sk },
    }),
  );
}

describe('undetermined payments count', () => {
  it('counts only the payments waiting longer than the alarm’s ten minutes, and reports it as a metric', async () => {
    const before = (await reconcile(reconciliationDeps())).undetermined;
    const old = await undefinedSale();
    await waitingFor(old, UNDETERMINED_ALARM_MINUTES + 1);
    await undefinedSale();

    const observed = await withInvocation('reconciliation run', async () => {
      const report = await reconcile(reconciliationDeps());
      expect(report).toMatchObject({ resolved: 0, undetermined: before + 1 });
      return invocation()!.observed;
    });
    expect(observed.UndeterminedPayments).toBe(before + 1);
  });
});
