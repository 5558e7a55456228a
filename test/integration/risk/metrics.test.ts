/**
 * Each block is counted for the metrics (docs/risk.md): `RiskBlocked` and its control's own metric, noted on the
 * invocation the metrics middleware publishes (shared/entry/middleware/metrics.ts); an allowed payment notes none.
 */
import { expect, it } from 'vitest';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { invocation, withInvocation } from '../../../shared/lib/telemetry.js';
import { screenCardPayment, type RiskSubject } from '../../../shared/operations/risk/check.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { testCard } from '../../support/cards.js';

usePlatform();

const observedBy = (subject: RiskSubject) =>
  withInvocation('risk-metrics-test', async () => {
    await screenCardPayment(deps(), subject);
    return invocation()!.observed;
  });

it("notes RiskBlocked and the control's metric for a blocked payment, nothing for an allowed one", async () => {
  const m = await testMerchant();
  await runRiskCommand(['blocklist', 'add', '--type', 'email', '--value', 'blocked@example.com', '--merchant', m.clientKey]);
  expect(await observedBy({ clientKey: m.clientKey, cardNumber: testCard(3000), payerEmail: 'blocked@example.com' })).toEqual({
    RiskBlocked: 1,
    BlocklistBlocked: 1,
  });
  expect(await observedBy({ clientKey: m.clientKey, cardNumber: testCard(3001), payerEmail: 'fine@example.com' })).toEqual({});
});
