/**
 * Crash safety: the platform runs in a child process that kills itself (SIGKILL) at one step of the callback path;
 * then its asynchronous side starts again on the same table and queues. The callback still reaches the merchant:
 * - after-write: payment + callback committed, SQS send never happened → the outbox sweeper queues it;
 * - after-send (the queue path, taken when the direct handoff is off or refused): the message is in SQS, nobody
 *   consumed it → the consumer delivers it after the restart;
 * - after-invoke: the outbox consumer handed the callback to CallbackDeliver (Lambda's asynchronous invoke) and died
 *   before the claim; the local stand-in dies with it, taking the event along (on AWS Lambda keeps it and delivers it)
 *   → no SQS message, the sweeper queues it after its grace;
 * - during-delivery (the direct path): the merchant got the POST, the outcome was never recorded → the lease runs
 *   out, the sweeper re-queues it, the consumer POSTs again with the same event id (at least once; merchants dedupe
 *   by event id). On AWS Lambda's retry of the event may come first: the lease keeps it from POSTing meanwhile.
 * - after-reservation: the SALE's payment was reserved (no reconciler entry: the outcome write adds one only when the
 *   outcome is undetermined), the acquirer was never asked → the reconciler's walk of the merchant's payments finds
 *   it, an inquiry settles it, and the merchant gets its callback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import { resetConfig } from '../../../shared/lib/config.js';
import { resetAwsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { deps, reconciliationDeps, resetDeps } from '../../../shared/entry/composition/deps.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { keys } from '../../../shared/adapters/aws/table-keys.js';
import { reconcile } from '../../../shared/operations/reconciliation/reconcile.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, testMerchant } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';
import { callbacksOf, eventIdOf, queueDepth } from './helpers.js';
import { callbacksSettled } from '../../support/drained.js';

const SCRIPT = join(REPO_ROOT, 'test/integration/callbacks/crash-platform.ts');

interface Child {
  proc: ChildProcess;
  info: Record<string, any>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
const children: ChildProcess[] = [];
let shop: MerchantServer;

function run(mode: 'start' | 'resume', input: unknown): Promise<Child> {
  // node --import tsx (not the tsx wrapper): the test sees the platform process itself die of SIGKILL.
  const proc = spawn(process.execPath, ['--import', 'tsx', SCRIPT, mode, JSON.stringify(input)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    let buffer = '';
    proc.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('CRASH_PLATFORM_READY '));
      if (line) resolve({ proc, exited, info: JSON.parse(line.slice('CRASH_PLATFORM_READY '.length)) });
    });
    exited.then(({ code, signal }) => reject(new Error(`crash platform (${mode}) exited early: ${code ?? signal}\n${stderr}`)));
  });
}

/** This test process reads the child's table and creates merchants in it, without running a platform itself. */
function adopt(env: Record<string, string>): void {
  const { CALLBACK_CRASH_AT: _crash, ...rest } = env;
  delete process.env.CALLBACK_CRASH_AT;
  Object.assign(process.env, rest);
  resetConfig();
  resetAwsClients();
  resetDeps();
}

async function crashThenResume(
  step: string,
  opts: { directHandoff?: boolean } = {},
): Promise<{ merchant: Merchant; started: Child; transId?: string; orderId: string }> {
  const started = await run('start', {
    prefix: `c${randomUUID().slice(0, 8)}`,
    endpoints: inject('endpoints'),
    directHandoff: opts.directHandoff,
    extraEnv: {
      LOG_LEVEL: 'ERROR',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      CONFIG_CACHE_TTL_SECONDS: '0',
      // Long enough that a busy machine's slow answer is not a failed attempt (the lease is 2× this + 2 s): at 5 s a
      // full run on 2 cores once counted a second attempt.
      CALLBACK_TIMEOUT_MS: '10000',
      CALLBACK_SWEEP_GRACE_SECONDS: '1',
      CALLBACK_CRASH_AT: step,
    },
  });
  adopt(started.info.env);
  const merchant = await testMerchant({ notificationUrl: shop.url });
  const fields = saleFields(merchant);
  const res = await postForm(`${started.info.url}/post`, fields).catch(() => undefined);
  const { signal } = await started.exited;
  expect(signal).toBe('SIGKILL');
  return { merchant, started, transId: res?.body?.trans_id, orderId: fields.order_id as string };
}

async function resume(started: Child): Promise<void> {
  const { CALLBACK_CRASH_AT: _crash, ...env } = started.info.env as Record<string, string>;
  await run('resume', { env, queueUrls: started.info.resources.queueUrls });
}

beforeAll(async () => {
  shop = await startMerchantServer();
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
});
afterAll(async () => {
  await shop?.close();
});

const forOrder = (orderId: string) => shop.received.filter((c) => c.fields.order_id === orderId);

/**
 * After the restart the merchant gets the callback, recorded as delivered on its first attempt, and only once: counted
 * when nothing is left in flight that could deliver it again (the callback answered, the queue drained). That includes
 * a message the killed process's open poll took: invisible until its visibility timeout (60 s), then received again.
 */
async function expectDeliveredOnce(started: Child, orderId: string): Promise<void> {
  // Up to the visibility timeout and a poll: the message may be in the killed process's open poll.
  const cb = await eventually(() => forOrder(orderId)[0], 90_000);
  const transId = cb.fields.trans_id as string;
  const stored = await eventually(async () => (await callbacksOf(transId)).find((c) => c.delivery === 'DELIVERED'));
  expect(stored.attempts).toBe(1);
  await callbacksSettled({ resources: started.info.resources }, [transId], 90_000);
  expect(forOrder(orderId)).toHaveLength(1);
}

describe('a crash on the callback path loses no callback', () => {
  it('after the DynamoDB write, before the SQS send: the sweeper queues it', async () => {
    const { started, orderId } = await crashThenResume('after-write');
    // The sale was committed with its callback, and nothing reached the queue.
    expect(await queueDepth(started.info.resources.queueUrls.callbacks)).toBe(0);
    expect(forOrder(orderId)).toEqual([]);
    await resume(started);
    await expectDeliveredOnce(started, orderId);
  }, 240_000);

  it('after the SQS send (the handoff off), before delivery: the consumer delivers it once restarted', async () => {
    const { started, orderId } = await crashThenResume('after-send', { directHandoff: false });
    expect(await queueDepth(started.info.resources.queueUrls.callbacks)).toBe(1);
    expect(forOrder(orderId)).toEqual([]);
    await resume(started);
    await expectDeliveredOnce(started, orderId);
  }, 240_000);

  it('after the direct handoff, before the claim: nothing in SQS, the sweeper queues it', async () => {
    const { started, orderId, transId } = await crashThenResume('after-invoke');
    expect(transId).toBeDefined();
    expect(await queueDepth(started.info.resources.queueUrls.callbacks)).toBe(0);
    expect(await callbacksOf(transId!)).toMatchObject([{ delivery: 'PENDING', attempts: 0 }]);
    await resume(started);
    await expectDeliveredOnce(started, orderId);
  }, 240_000);

  it('during delivery (merchant got it, outcome never recorded): it is delivered again with the same event id', async () => {
    const { started, orderId, transId } = await crashThenResume('during-delivery');
    expect(transId).toBeDefined(); // the sale itself answered; the consumer died afterwards
    const first = await eventually(() => forOrder(orderId)[0]);
    const [inFlight] = await callbacksOf(transId!);
    expect(inFlight).toMatchObject({ delivery: 'PENDING', attempts: 1 });
    await resume(started);
    await eventually(async () => ((await callbacksOf(transId!))[0]?.delivery === 'DELIVERED' ? true : undefined), 60_000);
    const got = forOrder(orderId);
    expect(got).toHaveLength(2);
    expect(got.map(eventIdOf)).toEqual([eventIdOf(first), eventIdOf(first)]);
  }, 120_000);
});

describe("a crash between a SALE's reservation and its outcome", () => {
  it("leaves a payment off the reconciler's list, which the reconciler's walk finds and settles", async () => {
    const { started, merchant, transId, orderId } = await crashThenResume('after-reservation');
    expect(transId).toBeUndefined(); // the request died before it answered
    const [payment] = await deps().payments.findByOrder(merchant.clientKey, orderId, 1);
    expect(payment).toMatchObject({ status: 'PREPARE' });
    const raw = async () =>
      (
        await awsClients().ddb.send(
          new GetCommand({ TableName: started.info.env.TABLE_NAME, Key: keys.payment(payment!.transId), ConsistentRead: true }),
        )
      ).Item!;
    // The reservation wrote no reconciler entry.
    expect((await raw()).gsi2pk).toBeUndefined();

    await resume(started);
    const report = await reconcile({ ...reconciliationDeps(), graceSeconds: 0 });
    expect(report).toMatchObject({ listed: 1, resolved: 1, failed: 0 });
    expect(await deps().payments.get(payment!.transId)).toMatchObject({ status: 'SETTLED' });
    expect((await raw()).gsi2pk).toBeUndefined(); // resolved: off the list again
    await expectDeliveredOnce(started, orderId);

    // Walked once: the next run neither lists nor resolves it again.
    expect(await reconcile({ ...reconciliationDeps(), graceSeconds: 0 })).toMatchObject({ listed: 0, resolved: 0 });
  }, 150_000);
});
