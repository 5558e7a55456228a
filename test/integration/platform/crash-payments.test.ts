/**
 * A crash anywhere loses nothing and charges nothing twice. `npm start` runs as a user runs it; a batch of SALEs is
 * sent while the sandbox acquirer takes its time (SANDBOX_LATENCY_MS), and the whole platform is SIGKILLed with
 * payments at every stage: answered, waiting for the acquirer, and not yet received. It starts again on the same
 * data (DynamoDB Local keeps its files; moto's queues are new and empty), the merchant resends every identical body
 * until it gets an answer, and then we reconcile: every order has exactly one payment, every answer names it, and
 * the merchant receives every payment's callback.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/local/emulators.js';
import { formula1 } from '../../../shared/protocol/signature.js';
import { toPayment } from '../../../shared/adapters/aws/payment-item.js';
import { eventually, postForm } from '../../support/platform.js';
import { startLocal as startLocalWith } from '../../support/npm-start.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';

const children: ChildProcess[] = [];
let shop: MerchantServer | undefined;
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
  await shop?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const startLocal = (port: number, dataDir: string, env: Record<string, string>) =>
  startLocalWith(port, dataDir, { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR', ...env }, children);

/** SIGKILL the launcher's whole process group, emulators included: nothing gets to clean up. */
async function crash(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
  await sleep(500);
}

/**
 * Resends one body until the platform answers it (409 while a claim's lock runs; refused while restarting). The
 * deadline only guards against a hang: fourteen of these at once on a busy 2-core machine take a while.
 */
async function resendUntilAnswered(url: string, body: Record<string, string>): Promise<any> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await postForm(url, body).catch(() => undefined);
    if (res && res.status === 200) return res.body;
    await sleep(500);
  }
  throw new Error(`no answer for ${body.order_id}`);
}

describe('a SIGKILL of the platform with payments in flight', () => {
  it('leaves every order with exactly one charge and every charge with its callback', async () => {
    shop = await startMerchantServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'payments-crash-'));
    const port = await freePort();
    const env = {
      SANDBOX_NOTIFICATION_URL: shop.url,
      IDEMPOTENCY_LOCK_SECONDS: '2',
      LOCAL_SCHEDULE_SECONDS: '1',
      CALLBACK_SWEEP_GRACE_SECONDS: '1',
    };
    const first = await startLocal(port, dataDir, { ...env, SANDBOX_LATENCY_MS: '1000' });
    const creds = JSON.parse(readFileSync(join(dataDir, 'sandbox-merchant.json'), 'utf8'));
    const url = `http://127.0.0.1:${port}/post`;
    const run = Date.now().toString(36);
    const bodies = Array.from({ length: 14 }, (_, i) => ({
      action: 'SALE',
      client_key: creds.client_key,
      order_id: `crash-${run}-${i}`,
      order_amount: '2.50',
      order_currency: 'USD',
      order_description: 'Crash test',
      card_number: '4111111111111111',
      card_exp_month: '01',
      card_exp_year: '2038',
      card_cvv2: '123',
      payer_first_name: 'A',
      payer_last_name: 'B',
      payer_email: 'doe@example.com',
      payer_phone: '123',
      payer_ip: '127.0.0.1',
      term_url_3ds: 'https://example.com/',
      hash: formula1({ email: 'doe@example.com', password: creds.password, cardNumber: '4111111111111111' }),
    }));

    // A first payment warms the platform up; then one request every 150 ms, and the kill as soon as the first of
    // them is answered: the next ones are with the acquirer, the last ones were never received.
    expect((await postForm(url, { ...bodies[0]!, order_id: `crash-${run}-warm-up` })).body).toMatchObject({ status: 'SETTLED' });
    let firstAnswered: () => void = () => undefined;
    const answered = new Promise<void>((r) => (firstAnswered = r));
    const inFlight = bodies.map(async (body, i) => {
      await sleep(i * 150);
      const res = await postForm(url, body).catch(() => undefined);
      if (res?.status === 200) firstAnswered();
      return res;
    });
    await answered;
    await crash(first);
    const before = await Promise.all(inFlight);
    const answeredBefore = before.filter((r) => r?.status === 200);
    expect(answeredBefore.length).toBeGreaterThan(0);
    expect(answeredBefore.length).toBeLessThan(bodies.length);

    await startLocal(port, dataDir, env);
    const platformEnv = JSON.parse(readFileSync(join(dataDir, 'platform.json'), 'utf8')).env as Record<string, string>;
    const ddb = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: platformEnv.AWS_REGION,
        endpoint: platformEnv.DYNAMODB_ENDPOINT_URL,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    // The order index holds keys: each payment is read by key.
    const paymentsOf = async (orderId: string) => {
      const entries =
        (
          await ddb.send(
            new QueryCommand({
              TableName: platformEnv.TABLE_NAME,
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :pk',
              ExpressionAttributeValues: { ':pk': `ORDER#${creds.client_key}#${orderId}` },
            }),
          )
        ).Items ?? [];
      const items = await Promise.all(
        entries.map(
          async (e) =>
            (await ddb.send(new GetCommand({ TableName: platformEnv.TABLE_NAME, Key: { pk: e.pk, sk: e.sk }, ConsistentRead: true }))).Item,
        ),
      );
      // As the platform reads them (the stored form leaves out what its key holds).
      return items.filter((i) => i !== undefined).map((i) => toPayment(i));
    };
    // The crash caught payments with the acquirer: reserved (PREPARE), their outcome never written.
    const leftBehind = (await Promise.all(bodies.map((b) => paymentsOf(b.order_id)))).flat();
    expect(leftBehind.filter((p) => p.status === 'PREPARE').length).toBeGreaterThan(0);

    const answers = await Promise.all(bodies.map((b) => resendUntilAnswered(url, b)));
    for (const [i, a] of answers.entries())
      expect(a).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', order_id: bodies[i]!.order_id });
    // An answer given before the crash names the same payment as the answer after it.
    for (const [i, r] of before.entries()) if (r?.status === 200) expect(r.body.trans_id).toBe(answers[i].trans_id);
    // Asking once more changes nothing.
    const again = await Promise.all(bodies.map((b) => resendUntilAnswered(url, b)));
    expect(again.map((a) => a.trans_id)).toEqual(answers.map((a) => a.trans_id));

    // Reconcile against the table itself: exactly one payment per order.
    for (const [i, body] of bodies.entries())
      expect((await paymentsOf(body.order_id)).map((p) => p.transId)).toEqual([answers[i].trans_id]);
    ddb.destroy();

    // Every charge reaches the merchant as its callback (the outbox sweeper re-queues what moto's restart lost).
    const transIds = answers.map((a) => a.trans_id as string);
    await eventually(
      () =>
        transIds.every((t) => shop!.received.some((c) => c.fields.trans_id === t && c.fields.status === 'SETTLED')) ? true : undefined,
      60_000,
    );
    // At least once, never a second event for one charge: every delivery of a payment carries the same event id.
    for (const t of transIds) {
      const events = new Set(shop.received.filter((c) => c.fields.trans_id === t).map((c) => c.headers['x-callback-event-id']));
      expect(events.size).toBe(1);
    }
    const warmUp = shop.received.filter((c) => !transIds.includes(c.fields.trans_id as string));
    expect(warmUp.every((c) => c.fields.order_id === `crash-${run}-warm-up`)).toBe(true);
    process.kill(-children.at(-1)!.pid!, 'SIGINT');
  }, 480_000);
});
