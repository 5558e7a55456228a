/**
 * The merchant-wide decline burst through S2S CARD (docs/risk.md "Merchant-wide decline burst"): declines spread over
 * many addresses and cards, which neither the IP guard nor the card's velocity sees, start a cool-down in which the
 * merchant's card payments without 3DS are challenged (or declined where 3DS cannot run); a payment with its own
 * 3DS result passes; the merchant's normal rate raises the limit; the cool-down ends on the test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { silent } from '../../../scripts/admin/progress.js';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { recordingSandbox, restoreConnectors } from '../../support/connectors.js';
import { testCard } from '../../support/cards.js';

const platform = usePlatform();
let sandbox: ReturnType<typeof recordingSandbox>;

beforeAll(async () => {
  sandbox = recordingSandbox();
});
afterAll(async () => {
  restoreConnectors();
});

const MPI = {
  'mpi_data[eci]': '05',
  'mpi_data[authentication_value]': 'A'.repeat(28),
  'mpi_data[ds_trans_id]': 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
  'mpi_data[3ds_version]': '2.1.0',
};

let cards = 0;
/** A payment with a card and an address never used before: only the merchant-wide count can see it. */
const pay = (m: Merchant, overrides: Record<string, string> = {}) => {
  const n = ++cards;
  return postForm(
    `${platform.url}/post`,
    saleFields(m, { card_number: testCard(90_000 + n), payer_ip: `10.9.${Math.floor(n / 250)}.${n % 250}`, ...overrides }),
  );
};
const decline = async (m: Merchant, times: number) => {
  for (let i = 0; i < times; i++) expect((await pay(m, { card_exp_month: '02' })).body.decline_reason).toBe('Declined by processing.');
};
const advance = (m: Merchant, by: string) => runClockCommand(['advance', '--by', by, '--merchant', m.clientKey], { progress: silent });

describe('merchant-wide decline burst', () => {
  it('challenges payments without 3DS for the cool-down, lets a 3DS result pass, and ends on the test clock', async () => {
    const m = await testMerchant();
    await runRiskCommand(['settings', 'set', m.clientKey, '--burst-declines', '4', '--burst-cooldown', '30m']);
    await decline(m, 3);
    expect((await pay(m)).body).toMatchObject({ result: 'SUCCESS' });
    await decline(m, 1);

    const calls = sandbox.pay.mock.calls.length;
    const challenged = await pay(m);
    expect(challenged.body).toMatchObject({ result: 'REDIRECT', status: '3DS' });
    expect(sandbox.pay.mock.calls.length).toBe(calls + 1);
    expect(sandbox.pay.mock.calls.at(-1)![0]).toMatchObject({ requestChallenge: true });
    expect((await deps().payments.get(challenged.body.trans_id))?.details.risk).toEqual({
      control: 'merchant-burst',
      reason: expect.stringContaining('merchant decline burst'),
    });

    // A payment that brings its own 3DS result pays without a step.
    expect((await pay(m, MPI)).body).toMatchObject({ result: 'SUCCESS' });
    expect(sandbox.pay.mock.calls.at(-1)![0].requestChallenge).toBeUndefined();

    await advance(m, '29m');
    expect((await pay(m)).body).toMatchObject({ result: 'REDIRECT' });
    await advance(m, '2m');
    expect((await pay(m)).body).toMatchObject({ result: 'SUCCESS' });
  });

  it('declines payments that cannot run 3DS (MOTO) without asking the acquirer', async () => {
    const m = await testMerchant({ mids: [{ moto: true }] });
    await runRiskCommand(['settings', 'set', m.clientKey, '--burst-declines', '2']);
    await decline(m, 2);
    const calls = sandbox.pay.mock.calls.length;
    const res = await pay(m, { moto_type: 'phone_moto' });
    expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect(sandbox.pay.mock.calls.length).toBe(calls);
    expect((await deps().payments.get(res.body.trans_id))?.details.risk?.reason).toContain('(this payment cannot run 3DS: blocked)');
  });

  it("raises the limit with the merchant's normal decline rate of the hour before", async () => {
    const busy = await testMerchant();
    await runRiskCommand(['settings', 'set', busy.clientKey, '--burst-declines', '3', '--burst-factor', '12']);
    await decline(busy, 2);
    await advance(busy, '11m');
    // 2 declines in the hour before: the limit is max(3, 12 x 2 / 6) = 4 declines in 10 minutes.
    await decline(busy, 3);
    expect((await pay(busy)).body).toMatchObject({ result: 'SUCCESS' });
    await decline(busy, 1);
    expect((await pay(busy)).body).toMatchObject({ result: 'REDIRECT' });

    // Without that history, 3 declines are a burst.
    const quiet = await testMerchant();
    await runRiskCommand(['settings', 'set', quiet.clientKey, '--burst-declines', '3', '--burst-factor', '12']);
    await decline(quiet, 3);
    expect((await pay(quiet)).body).toMatchObject({ result: 'REDIRECT' });
  });

  it('is on by default: 20 declines in 10 minutes', async () => {
    const m = await testMerchant();
    const shown = (await runRiskCommand(['settings', 'show', m.clientKey])) as { thresholds: Record<string, number> };
    expect(shown.thresholds).toMatchObject({ burstDeclines: 20, burstFactor: 4, burstCooldownSeconds: 3600 });
    await decline(m, 19);
    expect((await pay(m)).body).toMatchObject({ result: 'SUCCESS' });
    await decline(m, 1);
    expect((await pay(m)).body).toMatchObject({ result: 'REDIRECT' });
  });
});
