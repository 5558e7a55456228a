/**
 * Soak: payments at a fixed rate (80 % of the capacity measured first) against a running local platform, with
 * callbacks, refunds and a few 3DS payments, then reconciliation:
 * - every accepted request has exactly one payment (by order id), in the expected state;
 * - every state change has exactly one delivered callback (outbox: DELIVERED; the merchant got each event id once);
 * - nothing in the callback dead-letter queue; no payment left undetermined (reconciler's list empty);
 * - `ledger verify` passes for the soak's merchant (docs/ledger.md).
 */
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { RunningPlatform } from '../../scripts/local/platform.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { ledger } from '../../shared/entry/composition/ledger.js';
import { verifyLedger } from '../../shared/operations/ledger/verify.js';
import { callbackDeps } from '../../shared/entry/composition/deps.js';
import { DynamoUndeterminedPayments } from '../../shared/adapters/aws/dynamo-undetermined-payments.js';
import type { CallbackSink } from '../src/callback-sink.js';
import { benchMerchant } from '../src/requests.js';
import { FLOWS, flowFor, type Expectation } from './mix.js';
import { drainBoundMs, MOTO_LINEAR_BACKLOG } from '../src/queue-depth.js';

export interface SoakReport {
  capacityPerSecond: number;
  ratePerSecond: number;
  seconds: number;
  sent: number;
  accepted: number;
  failedRequests: string[];
  problems: string[];
  callbacksExpected: number;
  callbacksDelivered: number;
  duplicates: number;
  deadLetters: number;
  undetermined: number;
  /** The most callbacks undelivered at once during the soak, and how long the last ones took after the requests. */
  maxBacklog: number;
  drainSeconds: number;
}

/**
 * The capacity to take 80 % of: SALEs whose callbacks were also delivered, per second. `concurrency` loops send
 * SALEs, holding back while more than MOTO_LINEAR_BACKLOG callbacks are undelivered, so that the figure is the
 * platform's sustained rate rather than how fast moto's SQS drains a long queue (quadratic, queue-depth.ts); then
 * waits for the backlog, so the soak starts on an empty queue.
 */
export async function measureCapacity(
  platform: RunningPlatform,
  sink: CallbackSink,
  seconds: number,
  concurrency: number,
): Promise<number> {
  const m = await benchMerchant('Soak capacity', sink.url);
  const before = sink.received();
  const started = Date.now();
  const until = started + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      for (let n = 0; Date.now() < until; n++) {
        if (done - (sink.received() - before) > MOTO_LINEAR_BACKLOG) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        await FLOWS.sale(platform.url, m, `cap-${i}-${n}-${Date.now()}`);
        done++;
      }
    }),
  );
  // Counted to the last delivered callback: a SALE whose callback is still queued is not yet capacity.
  await sink.waitFor(before + done, drainBoundMs(before + done - sink.received()));
  return done / ((Date.now() - started) / 1000);
}

export async function runSoak(opts: {
  platform: RunningPlatform;
  sink: CallbackSink;
  ratePerSecond: number;
  capacityPerSecond: number;
  seconds: number;
  /** How long callbacks may take to arrive after the last request, at least (more for a deeper backlog: queue-depth.ts). */
  settleSeconds: number;
  progress: (line: string) => void;
}): Promise<SoakReport> {
  const { platform, sink } = opts;
  const merchant = await benchMerchant('Soak', sink.url);
  const expectations: Expectation[] = [];
  const failedRequests: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  const total = Math.round(opts.ratePerSecond * opts.seconds);
  let lastProgress = 0;
  let maxBacklog = 0;
  const expectedSoFar = () => expectations.reduce((a, e) => a + e.callbacks, 0);
  for (let n = 0; n < total; n++) {
    // Open loop: request n leaves at its time whatever the platform's answers do.
    const due = started + (n * 1000) / opts.ratePerSecond;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    const flow = flowFor(n);
    const orderId = `soak-${n}-${started}`;
    const p = FLOWS[flow](platform.url, merchant, orderId)
      .then((e) => void expectations.push(e))
      .catch((err: Error) => void failedRequests.push(`${flow} ${orderId}: ${err.message}`))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (Date.now() - lastProgress > 5000) {
      lastProgress = Date.now();
      const backlog = expectedSoFar() - countFor(sink, expectations);
      maxBacklog = Math.max(maxBacklog, backlog);
      opts.progress(
        `soak: ${n}/${total} sent, ${expectations.length} accepted, ${inFlight.size} in flight, ${sink.received()} callbacks, ${backlog} undelivered`,
      );
    }
  }
  await Promise.all(inFlight);

  const callbacksExpected = expectedSoFar();
  // The wait is bounded by what moto needs for the backlog left (quadratic in it), not by a fixed time.
  const backlog = callbacksExpected - countFor(sink, expectations);
  maxBacklog = Math.max(maxBacklog, backlog);
  const bound = Math.max(opts.settleSeconds * 1000, drainBoundMs(backlog));
  opts.progress(`soak: requests done; waiting for ${backlog} of ${callbacksExpected} callbacks (at most ${(bound / 1000).toFixed(0)} s)`);
  const drainStarted = Date.now();
  while (countFor(sink, expectations) < callbacksExpected && Date.now() - drainStarted < bound)
    await new Promise((r) => setTimeout(r, 200));
  const drainSeconds = (Date.now() - drainStarted) / 1000;

  opts.progress('soak: reconciling');
  const problems = await reconcile(expectations, sink, merchant.clientKey);
  opts.progress('soak: ledger verify');
  problems.push(...(await ledgerProblems(platform, merchant.clientKey)));
  const sqs = new SQSClient({
    region: platform.env.AWS_REGION,
    endpoint: platform.endpoints.moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const dlq = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: platform.resources.deadLetterQueueUrls.callbacks,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  sqs.destroy();
  const deadLetters =
    Number(dlq.Attributes?.ApproximateNumberOfMessages ?? 0) + Number(dlq.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
  const undetermined = (await new DynamoUndeterminedPayments(platform.resources.tableName).waitingSince('~', 1000)).length;
  let duplicates = 0;
  for (const e of expectations)
    duplicates += Math.max(0, (sink.deliveries.get(e.transId) ?? 0) - (sink.byTransId.get(e.transId)?.size ?? 0));
  return {
    capacityPerSecond: opts.capacityPerSecond,
    ratePerSecond: opts.ratePerSecond,
    seconds: opts.seconds,
    sent: total,
    accepted: expectations.length,
    failedRequests,
    problems,
    callbacksExpected,
    callbacksDelivered: countFor(sink, expectations),
    duplicates,
    deadLetters,
    undetermined,
    maxBacklog,
    drainSeconds,
  };
}

/** `ledger verify` for the soak's merchant, once the ledger's stream consumer has caught up (seconds after). */
async function ledgerProblems(platform: RunningPlatform, clientKey: string): Promise<string[]> {
  const started = Date.now();
  for (;;) {
    await platform.flushStreamWindows();
    const report = await verifyLedger(deps(), ledger(), { merchant: clientKey });
    if (report.ok || Date.now() - started > 30_000) return report.problems.map((p) => `ledger: ${p}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function countFor(sink: CallbackSink, expectations: Expectation[]): number {
  return expectations.reduce((a, e) => a + (sink.byTransId.get(e.transId)?.size ?? 0), 0);
}

async function reconcile(expectations: Expectation[], sink: CallbackSink, clientKey: string): Promise<string[]> {
  const problems: string[] = [];
  const d = deps();
  const ctx = callbackDeps();
  const check = async (e: Expectation) => {
    const payments = await d.payments.findByOrder(clientKey, e.orderId, 5);
    if (payments.length !== 1) problems.push(`${e.orderId}: ${payments.length} payments`);
    const p = payments[0];
    if (p && (p.transId !== e.transId || p.status !== e.status))
      problems.push(`${e.orderId}: ${p.transId} ${p.status}, expected ${e.transId} ${e.status}`);
    const callbacks = await ctx.outbox.forPayment(e.transId);
    if (callbacks.length !== e.callbacks) problems.push(`${e.orderId}: ${callbacks.length} callbacks recorded, expected ${e.callbacks}`);
    for (const cb of callbacks) {
      if (cb.delivery !== 'DELIVERED') problems.push(`${e.orderId}: callback ${cb.seq} ${cb.delivery}`);
      if (!sink.byTransId.get(e.transId)?.has(cb.eventId)) problems.push(`${e.orderId}: callback ${cb.seq} never reached the merchant`);
    }
  };
  for (let i = 0; i < expectations.length; i += 20) await Promise.all(expectations.slice(i, i + 20).map(check));
  return problems;
}
