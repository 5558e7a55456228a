/**
 * Adyen's "request already processed or in progress" (422, errorCode 704) leaves a SALE undetermined, and its
 * AUTHORISATION webhook settles it. A payment cascading between two Adyen MIDs (two merchant accounts, two HMAC keys) against Prism serving Adyen's
 * Checkout API: each attempt is its own payment at Adyen (reference and Idempotency-Key trans_id, then trans_id-a2),
 * the payment keeps the MIDs it tried, and Adyen's webhooks about either attempt are verified with the MID of the
 * attempt they name; the earlier attempt's item is acknowledged and changes nothing, instead of refusing the batch.
 */
import '../../support/read-logs.js';
import { beforeAll, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { itemSignature, type AdyenNotificationItem } from '../../../shared/protocol/providers/adyen-webhook.js';
import { adyenConnector } from '../../../shared/adapters/connectors/adyen.js';
import { acquirerAddressRules } from '../../../shared/adapters/connectors/http-transport.js';
import type { AdyenTransport } from '../../../shared/adapters/connectors/adyen-transport.js';
import { postForm, testMerchant } from '../../support/platform.js';
import { injectConnector } from '../../support/connectors.js';
import { saleFields } from '../../support/s2s.js';
import { storedPayment, useAdyenPlatform, HMAC_KEY, MERCHANT_ACCOUNT } from '../../support/adyen-platform.js';

const world = useAdyenPlatform();
const SECOND_ACCOUNT = 'SecondMerchantECOM';
const SECOND_KEY = '0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0';
/** pspReference of Prism's card-direct example (Authorised), and the one the test gives the refusal. */
const CARD_DIRECT_PSP = '993617895204576J';
const REFUSED_PSP = 'QFQTPCQ8HXSKGK82';

let merchant: Merchant;
let first: Mid;
let second: Mid;

beforeAll(async () => {
  const adyenMid = (name: string, merchantAccount: string, hmac_key: string) => ({
    name,
    connector: 'adyen',
    connectorSettings: { url: world.adyen.url, merchantAccount },
    credentials: { api_key: `api-key-${name}`, hmac_key },
  });
  merchant = await testMerchant({
    notificationUrl: world.shop.url,
    mids: [adyenMid('first', MERCHANT_ACCOUNT, HMAC_KEY), adyenMid('second', SECOND_ACCOUNT, SECOND_KEY)],
  });
  const { mids } = (await deps().merchants.get(merchant.clientKey))!;
  first = mids.find((m) => m.name === 'first')!;
  second = mids.find((m) => m.name === 'second')!;
  await setRouting(deps(), merchant.clientKey, {
    maxAttempts: 2,
    rules: [
      {
        match: {},
        mids: [
          { midId: first.midId, weight: 100 },
          { midId: second.midId, weight: 0 },
        ],
      },
    ],
  });
});

/** One AUTHORISATION item as Adyen builds it, signed with the key of the merchant account it names. */
function authorisation(
  fields: Pick<AdyenNotificationItem, 'pspReference' | 'merchantReference' | 'success'> & { reason?: string },
  account: string,
  key: string,
) {
  const item: AdyenNotificationItem = {
    ...fields,
    merchantAccountCode: account,
    amount: { value: 1000, currency: 'USD' },
    eventCode: 'AUTHORISATION',
  };
  return {
    NotificationRequestItem: {
      ...item,
      eventDate: new Date().toISOString(),
      paymentMethod: 'visa',
      additionalData: { hmacSignature: itemSignature(item, key) },
    },
  };
}
const deliver = (...items: unknown[]) =>
  fetch(`${world.platform.url}/providers/adyen/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ live: 'false', notificationItems: items }),
  }).then(async (r) => ({ status: r.status, text: await r.text() }));

/** The platform's JSON log lines (stdout and stderr) while `run` ran. */
async function logged<T>(run: () => Promise<T>): Promise<{ result: T; lines: Record<string, any>[] }> {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((stream) => stream.write.bind(stream));
  streams.forEach((stream, i) => {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      chunks.push(String(chunk));
      return (writes[i] as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  });
  try {
    const result = await run();
    return {
      result,
      lines: chunks
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, any>),
    };
  } finally {
    streams.forEach((stream, i) => (stream.write = writes[i]!));
  }
}

it('a soft decline on the first Adyen MID, approved on the second: two references, two keys, both webhooks acknowledged', async () => {
  let payments = 0;
  world.adyen.prefer = (path) => (path === '/payments' ? 'example=card-direct' : undefined);
  // The first /payments is refused softly ("Issuer Unavailable"); the second is Prism's Authorised example.
  world.adyen.answer = (path) =>
    path === '/payments' && ++payments === 1
      ? { resultCode: 'Refused', pspReference: REFUSED_PSP, refusalReason: 'Issuer Unavailable' }
      : undefined;
  const res = await postForm(`${world.platform.url}/post`, saleFields(merchant) as never);
  expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  const transId = res.body.trans_id as string;

  const sent = world.adyen.sent.filter((s) => s.path === '/payments' && JSON.stringify(s.json).includes(transId));
  expect(
    sent.map((s) => [
      s.headers['idempotency-key'],
      (s.json as { reference: string }).reference,
      (s.json as { merchantAccount: string }).merchantAccount,
    ]),
  ).toEqual([
    [transId, transId, MERCHANT_ACCOUNT],
    [`${transId}-a2`, `${transId}-a2`, SECOND_ACCOUNT],
  ]);
  const p = await storedPayment(transId);
  expect(p).toMatchObject({ midId: second.midId, status: 'SETTLED', rrn: CARD_DIRECT_PSP });
  expect(p.details.routingAttempt).toBe(2);
  expect(p.details.routingAttempts).toEqual([
    { midId: first.midId, answer: 'declined: Issuer Unavailable' },
    { midId: second.midId, answer: 'approved' },
  ]);

  // Adyen's webhooks for both attempts in one request, each signed by its own MID.
  const earlier = authorisation(
    { pspReference: REFUSED_PSP, merchantReference: transId, success: 'false', reason: 'Issuer Unavailable' },
    MERCHANT_ACCOUNT,
    HMAC_KEY,
  );
  const current = authorisation(
    { pspReference: CARD_DIRECT_PSP, merchantReference: `${transId}-a2`, success: 'true' },
    SECOND_ACCOUNT,
    SECOND_KEY,
  );
  const { result: answer, lines } = await logged(() => deliver(earlier, current));
  expect(answer).toEqual({ status: 200, text: '[accepted]' });
  expect(lines.filter((l) => l.message === 'Adyen webhook of an earlier cascade attempt acknowledged, not applied')).toEqual([
    expect.objectContaining({
      level: 'WARN',
      transId,
      attempt: 1,
      eventCode: 'AUTHORISATION',
      success: 'false',
      pspReference: REFUSED_PSP,
    }),
  ]);
  expect(await storedPayment(transId)).toMatchObject({ status: 'SETTLED', midId: second.midId, version: p.version, callbackCount: 1 });

  // The earlier attempt's item is checked with the earlier MID: signed by the current one, it is refused.
  const forged = authorisation({ pspReference: REFUSED_PSP, merchantReference: transId, success: 'true' }, SECOND_ACCOUNT, SECOND_KEY);
  expect((await deliver(forged)).status).toBe(401);
  // An attempt the payment never made cannot be verified by any MID.
  const unknown = authorisation(
    { pspReference: REFUSED_PSP, merchantReference: `${transId}-a3`, success: 'true' },
    SECOND_ACCOUNT,
    SECOND_KEY,
  );
  expect((await deliver(unknown)).status).toBe(401);
  expect(await storedPayment(transId)).toMatchObject({ status: 'SETTLED', version: p.version });
});

it("Adyen's 704 (the same request in progress) leaves the SALE undetermined, never declined; the webhook settles it", async () => {
  const shop = await testMerchant({
    notificationUrl: world.shop.url,
    mids: [
      {
        connector: 'adyen',
        connectorSettings: { url: world.adyen.url, merchantAccount: MERCHANT_ACCOUNT },
        credentials: { api_key: 'api-key', hmac_key: HMAC_KEY },
      },
    ],
  });
  // Prism's 422 example for /payments, as Adyen answers a request whose Idempotency-Key is already being processed.
  world.adyen.prefer = (path) => (path === '/payments' ? 'code=422' : undefined);
  const inProgress: AdyenTransport = async (url, call, signal) => {
    const res = await world.adyen.transport(url, call, signal);
    return res.status === 422
      ? { ...res, body: { ...res.body, errorCode: '704', message: 'request already processed or in progress' } }
      : res;
  };
  const d = deps();
  injectConnector(
    adyenConnector({
      credentials: d.secrets['merchant-secrets'],
      transport: inProgress,
      rules: acquirerAddressRules('sandbox'),
      publicBaseUrl: world.platform.url,
    }),
  );
  try {
    const res = await postForm(`${world.platform.url}/post`, saleFields(shop) as never);
    expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
    const transId = res.body.trans_id as string;
    // The first request's outcome arrives as Adyen's webhook: approved.
    const approved = authorisation(
      { pspReference: CARD_DIRECT_PSP, merchantReference: transId, success: 'true' },
      MERCHANT_ACCOUNT,
      HMAC_KEY,
    );
    expect(await deliver(approved)).toEqual({ status: 200, text: '[accepted]' });
    expect(await storedPayment(transId)).toMatchObject({ status: 'SETTLED', rrn: CARD_DIRECT_PSP });
  } finally {
    injectConnector(
      adyenConnector({
        credentials: d.secrets['merchant-secrets'],
        transport: world.adyen.transport,
        rules: acquirerAddressRules('sandbox'),
        publicBaseUrl: world.platform.url,
      }),
    );
  }
});
