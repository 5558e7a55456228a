/**
 * Declines at a 3DS step's completion count like a first answer's (docs/risk.md): five distinct cards from one address
 * declined after their 3DS step stop that address; a card declined three times at its step is stopped by its velocity.
 */
import { expect, it } from 'vitest';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { testCard } from '../../support/cards.js';

const platform = usePlatform();

/** A SALE whose 3DS step the sandbox declines (06/2038), its step completed by the payer: the payment as stored after. */
async function declinedAtStep(m: Merchant, card: string, ip: string) {
  const res = await postForm(`${platform.url}/post`, saleFields(m, { card_number: card, payer_ip: ip, card_exp_month: '06' }));
  expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS' });
  const done = await fetch(`${platform.url}/threeds/${res.body.trans_id}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ PaReq: res.body.redirect_params.PaReq }).toString(),
  });
  expect(done.status).toBeLessThan(400);
  expect((await deps().payments.get(res.body.trans_id))?.status).toBe('DECLINED');
}

const pay = (m: Merchant, card: string, ip: string) => postForm(`${platform.url}/post`, saleFields(m, { card_number: card, payer_ip: ip }));

it('stops an address after 5 distinct cards declined at their 3DS step', async () => {
  const m = await testMerchant();
  for (let i = 0; i < 5; i++) await declinedAtStep(m, testCard(95_100 + i), '203.0.113.77');
  const res = await pay(m, testCard(95_110), '203.0.113.77');
  expect(res.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect((await deps().payments.get(res.body.trans_id))?.details.risk).toEqual({
    control: 'card-testing',
    reason: expect.stringContaining('payer IP 203.0.113.77'),
  });
  expect((await pay(m, testCard(95_111), '198.51.100.77')).body).toMatchObject({ result: 'SUCCESS' });
});

it('stops a card declined 3 times at its 3DS step', async () => {
  const m = await testMerchant();
  const card = testCard(95_200);
  for (let i = 0; i < 3; i++) await declinedAtStep(m, card, `192.0.2.${100 + i}`);
  const res = await pay(m, card, '192.0.2.120');
  expect(res.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect((await deps().payments.get(res.body.trans_id))?.details.risk?.reason).toContain('card declines: 3');
});

it('does not count the sandbox test card declined at its step', async () => {
  const m = await testMerchant();
  for (let i = 0; i < 4; i++) await declinedAtStep(m, '4111111111111111', '203.0.113.78');
  expect((await pay(m, '4111111111111111', '203.0.113.78')).body).toMatchObject({ result: 'SUCCESS' });
});
