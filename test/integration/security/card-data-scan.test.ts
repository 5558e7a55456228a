/**
 * No raw PAN or CVV anywhere (issue 8): every flow that carries card data runs with CVVs that appear nowhere else,
 * every log line the platform writes is captured, then every item of the table (all Scan pages) and every log line
 * is searched for the PANs (with or without separators), the CVVs, and attributes named like a CVV.
 */
// First: this file reads the platform's logs, at DEBUG (see the module).
import '../../support/read-logs.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { logger } from '../../../shared/lib/logger.js';
import { encodeForm } from '../../../shared/protocol/form.js';
import { scanItem, scanLog, scanText, type CardNeedles } from '../../../scripts/security/card-data.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { queueDrained } from '../../support/drained.js';
import {
  PAYOUT_CARD,
  SANDBOX_CARD,
  card2cardFields,
  credit2cardFields,
  recurringFields,
  saleFields,
  tokenSaleFields,
} from '../../support/s2s.js';
import { card, createSession, postPage } from '../checkout/support.js';
import { createToken, pay, submitCard } from '../hosted-fields/support.js';

/** One CVV per flow, none of them a number the platform would otherwise write (ids, amounts, latencies). */
const CVV = {
  sale: '7391',
  tokenSale: '8462',
  threeDs: '5938',
  card2card: '6047',
  page: '2715',
  page3ds: '3826',
  fields: '4950',
  fields3ds: '5173',
  fieldsWaiting: '6284',
};
const NEEDLES: CardNeedles = { pans: [SANDBOX_CARD, PAYOUT_CARD], cvvs: Object.values(CVV) };

const platform = usePlatform({ CONFIG_CACHE_TTL_SECONDS: '60' });
let merchant: Merchant;
let shop: MerchantServer;
const written: string[] = [];
const restore: Array<() => void> = [];

beforeAll(async () => {
  // Everything the platform can log, and every byte it writes to stdout / stderr (the Lambda log stream).
  logger.setLogLevel('DEBUG');
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => (stream.write = write));
  }
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  restore.forEach((r) => r());
  logger.setLogLevel('ERROR');
  await shop?.close();
});

async function allItems(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    // A small page size, so the scan really walks several pages as it would on a stage's table.
    const page = await awsClients().ddb.send(
      new ScanCommand({ TableName: platform.resources.tableName, ExclusiveStartKey: start, Limit: 25, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The merchant page's part of a REDIRECT answer, then the payer pressing the authentication page's button. */
async function completeThreeDs(answer: any): Promise<number> {
  const params = Array.isArray(answer.redirect_params)
    ? Object.fromEntries(answer.redirect_params.map((p: any) => [p.name, p.value]))
    : answer.redirect_params;
  const page = await (
    await fetch(answer.redirect_url, {
      method: answer.redirect_method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm(params),
    })
  ).text();
  return submitAuthentication(page);
}

async function submitAuthentication(html: string): Promise<number> {
  const action = /<form id="authenticate" method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(fields),
  });
  await res.text();
  return res.status;
}

describe('the scanner', () => {
  it('finds PANs with or without separators, CVVs as values and CVV-named attributes (so a clean result means something)', () => {
    const planted = {
      pk: 'P',
      sk: 'S',
      a: 'card 4111 1111 1111 1111',
      b: { c: '4111-1111-1111-1111' },
      d: ['x', '7391'],
      card_cvv2: 'sealed',
      e: 'KEYab7391cd==',
    };
    const found = scanItem(planted, NEEDLES);
    expect(found.map((f) => `${f.what}@${f.where.split(' at ')[1]}`).sort()).toEqual([
      'cvv-named attribute@card_cvv2',
      'cvv@d.1',
      'pan@a',
      'pan@b.c',
    ]);
    expect(
      scanLog('{"route":"POST /post"}\n{"card_cvv2":"***"}\ncard_number=4111+1111+1111+1111&x=1', NEEDLES).map(
        (f) => `${f.what}@${f.where}`,
      ),
    ).toEqual(['cvv-named attribute@log line 2', 'pan@log line 3']);
    expect(scanText('411111****1111 trans 2026-11-23 latency 17391 ms', NEEDLES, 'x')).toEqual([]);
    // A random id whose group happens to be a CVV is no finding; the CVV logged as a value next to it still is.
    const id = 'c0a8e1f2-7391-4abc-8def-0123456789ab';
    expect(scanLog(`{"function_request_id":"${id}","trans_id":"${id.toUpperCase()}"}`, NEEDLES)).toEqual([]);
    expect(scanLog(`{"function_request_id":"${id}","note":"7391"}\n${id} cvv=7391`, NEEDLES).map((f) => `${f.what}@${f.where}`)).toEqual([
      'cvv@log line 1',
      'cvv@log line 2',
    ]);
    expect(scanText('card_cvv2=7391-4abc', NEEDLES, 'x')).toHaveLength(1);
  });
});

describe('no raw PAN or CVV in DynamoDB or the logs', () => {
  it('after S2S, 3DS, transfers, the Checkout page and hosted fields, with callbacks delivered', async () => {
    const post = (fields: Record<string, any>) => postForm(`${platform.url}/post`, fields);
    // S2S SALE that keeps the card (req_token) and starts a recurring chain, then both follow-ups.
    const sale = await post(saleFields(merchant, { card_cvv2: CVV.sale, req_token: 'Y', recurring_init: 'Y' }));
    expect(sale.body).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
      card_token: expect.any(String),
      recurring_token: expect.any(String),
    });
    expect((await post(tokenSaleFields(merchant, sale.body.card_token, { card_cvv2: CVV.tokenSale }))).body.result).toBe('SUCCESS');
    expect((await post(recurringFields(merchant, { transId: sale.body.trans_id, token: sale.body.recurring_token }))).body.result).toBe(
      'SUCCESS',
    );
    // S2S 3DS: the platform's own authentication page, then the completion.
    const tds = await post(saleFields(merchant, { card_exp_month: '05', card_cvv2: CVV.threeDs }));
    expect(tds.body).toMatchObject({ result: 'REDIRECT', status: '3DS' });
    expect(await completeThreeDs(tds.body)).toBeLessThan(400);
    // Transfers.
    expect((await post(card2cardFields(merchant, { payer_card_cvv2: CVV.card2card }))).body.result).toBe('SUCCESS');
    expect((await post(credit2cardFields(merchant))).body.result).toBe('SUCCESS');

    // Checkout page: a card typed with spaces, paid at once and after a 3DS step.
    const paid = await createSession(platform.url, merchant);
    expect((await postPage(`${paid.url}/pay`, card('01/38', { cvv: CVV.page }))).html).toContain('Payment successful');
    const stepped = await createSession(platform.url, merchant);
    expect((await postPage(`${stepped.url}/pay`, card('05/38', { cvv: CVV.page3ds }))).status).toBe(303);
    expect((await postPage(`${stepped.url}/3ds`, {})).html).toContain('Payment successful');

    // Hosted fields: card submitted by the iframe, then processed; with 3DS; and one left waiting (sealed, unprocessed).
    const hf = await createToken(platform.url, merchant);
    expect((await submitCard(platform.url, hf.token, '01/38', { cvv: CVV.fields })).body).toEqual({ result: 'success', message: '' });
    expect((await pay(platform.url, hf.token)).body.result).toBe('success');
    const hf3 = await createToken(platform.url, merchant);
    await submitCard(platform.url, hf3.token, '05/38', { cvv: CVV.fields3ds });
    const redirect = await pay(platform.url, hf3.token);
    expect(redirect.body.result).toBe('redirect');
    expect(await submitAuthentication(await (await fetch(redirect.body.redirect_url)).text())).toBe(303);
    const waiting = await createToken(platform.url, merchant);
    expect((await submitCard(platform.url, waiting.token, '01/38', { cvv: CVV.fieldsWaiting })).body.result).toBe('success');

    // Callbacks (outbox items, delivery records) are part of what is stored and logged.
    await eventually(() => shop.received.some((c) => c.fields.id === redirect.body.public_id && c.fields.type === 'sale'));
    await eventually(() => shop.received.some((c) => c.fields.trans_id === tds.body.trans_id && c.fields.status === 'SETTLED'));
    // Every queued callback consumed: its delivery record is written before its message is deleted.
    await queueDrained(platform, 'callbacks');

    const items = await allItems();
    expect(items.length).toBeGreaterThan(25); // more than one page
    expect(items.flatMap((item) => scanItem(item, NEEDLES))).toEqual([]);

    const log = written.join('');
    expect(log).toContain('"handler":"POST /post"'); // the capture worked: the platform's invocation lines are in it
    expect(log).toContain('"handler":"POST /hosted-fields/card-data"');
    expect(scanLog(log, NEEDLES)).toEqual([]);
    expect(log).not.toContain(merchant.password);

    // What the merchant receives is masked too.
    expect(shop.received.length).toBeGreaterThan(5);
    expect(shop.received.flatMap((c) => scanText(c.raw, NEEDLES, `callback ${c.fields.trans_id ?? c.fields.id}`))).toEqual([]);
  }, 60_000);

  it('the operator script scans the same table: clean now, and it reports a planted PAN', async () => {
    const run = (extra: string[]) =>
      promisify(execFile)(
        'npx',
        [
          'tsx',
          'scripts/security/scan-card-data.ts',
          '--table',
          platform.resources.tableName,
          '--endpoint',
          platform.endpoints.dynamodb,
          '--region',
          'eu-west-1',
          ...Object.values(CVV).flatMap((c) => ['--cvv', c]),
          ...extra,
        ],
        {
          env: {
            ...process.env,
            AWS_ACCESS_KEY_ID: 'local',
            AWS_SECRET_ACCESS_KEY: 'local',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          },
        },
      ).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      );
    const clean = await run([]);
    expect(clean.out).toContain('No raw card data found.');
    expect(clean.code).toBe(0);
    const planted = { pk: 'SCANTEST#planted', sk: 'PLANTED', note: `card ${SANDBOX_CARD.replace(/(\d{4})/g, '$1 ').trim()}` };
    await awsClients().ddb.send(new PutCommand({ TableName: platform.resources.tableName, Item: planted }));
    try {
      const dirty = await run([]);
      expect(dirty.code).toBe(1);
      expect(dirty.out).toContain('FOUND pan in item pk=SCANTEST#planted');
    } finally {
      await awsClients().ddb.send(new DeleteCommand({ TableName: platform.resources.tableName, Key: { pk: planted.pk, sk: planted.sk } }));
    }
  }, 60_000);
});
