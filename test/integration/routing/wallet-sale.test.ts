/**
 * A wallet SALE (S2S CARD SALE with digital_wallet + payment_token) is routed like a card SALE (docs/routing.md): the
 * first rule that matches the decrypted token card's brand and integration s2s-card names its MIDs, a soft decline
 * (sandbox 04/2038) cascades to the rule's next MID with the same cryptogram, and an open MID is skipped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import {
  configureWallets,
  GOOGLE_FPAN,
  googleCard,
  googleToken,
  walletEnv,
  walletSaleFields,
  type WalletMerchantKeys,
} from '../wallets/support.js';

const platform = usePlatform(walletEnv);
let merchant: Merchant;
let keys: WalletMerchantKeys;
let visaFirst: Mid;
let visaBackup: Mid;
let mastercard: Mid;

beforeAll(async () => {
  merchant = await testMerchant({ mids: [{ name: 'visa-first' }, { name: 'visa-backup' }, { name: 'mastercard' }] });
  keys = await configureWallets(merchant);
  const { mids } = (await deps().merchants.get(merchant.clientKey))!;
  const named = (name: string) => mids.find((m) => m.name === name)!;
  [visaFirst, visaBackup, mastercard] = [named('visa-first'), named('visa-backup'), named('mastercard')];
  await setRouting(deps(), merchant.clientKey, {
    maxAttempts: 2,
    rules: [
      {
        match: { brands: ['visa'], integrations: ['s2s-card'] },
        mids: [
          { midId: visaFirst.midId, weight: 100 },
          { midId: visaBackup.midId, weight: 0 },
        ],
      },
      { match: { brands: ['mastercard'] }, mids: [{ midId: mastercard.midId, weight: 100 }] },
    ],
  });
});

const googleSale = (card = googleCard()) =>
  postForm(
    `${platform.url}/post`,
    walletSaleFields(merchant, 'googlepay', googleToken(merchant, keys.google.publicKey, card)) as never,
  ) as Promise<{ body: any }>;
const stored = async (transId: string) => (await deps().payments.get(transId))!;

describe('a wallet SALE honours the routing rules', () => {
  it("the token card's brand picks the rule: a Visa DPAN goes to the Visa rule's MID, a Mastercard FPAN to its own", async () => {
    const visa = await googleSale();
    expect(visa.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', digital_wallet: 'googlepay', pan_type: 'dpan' });
    expect((await stored(visa.body.trans_id)).midId).toBe(visaFirst.midId);

    const mc = await googleSale(googleCard({ pan: GOOGLE_FPAN, authMethod: 'PAN_ONLY', cryptogram: undefined, eciIndicator: undefined }));
    expect(mc.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', pan_type: 'fpan' });
    expect((await stored(mc.body.trans_id)).midId).toBe(mastercard.midId);
  });

  it("a soft decline cascades to the rule's next MID: one answer, both attempts listed", async () => {
    const res = await googleSale(googleCard({ expirationMonth: 4 }));
    expect(res.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', digital_wallet: 'googlepay' });
    const p = await stored(res.body.trans_id);
    expect(p.midId).toBe(visaBackup.midId);
    expect(p.details.routingAttempts).toEqual([
      { midId: visaFirst.midId, answer: 'declined: Issuer unavailable.' },
      { midId: visaBackup.midId, answer: 'approved' },
    ]);
  });

  it("MID health applies: with the Visa rule's first MID open, the wallet SALE goes to its backup", async () => {
    await deps().merchants.recordMidFailure(merchant.clientKey, visaFirst.midId, new Date(), {
      failureThreshold: 1,
      windowSeconds: 60,
      cooldownSeconds: 3600,
    });
    const res = await googleSale();
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const p = await stored(res.body.trans_id);
    expect(p.midId).toBe(visaBackup.midId);
    expect(p.details.routingAttempts).toBeUndefined();
    // The other rule is untouched: the Mastercard FPAN still goes to its MID.
    const mc = await googleSale(googleCard({ pan: GOOGLE_FPAN, authMethod: 'PAN_ONLY', cryptogram: undefined, eciIndicator: undefined }));
    expect((await stored(mc.body.trans_id)).midId).toBe(mastercard.midId);
  });
});
