/**
 * Round trips per action and what one payment with its callback writes: each action is sent alone (nothing else
 * running), and the meter's calls are read per function. Averaged over `samples` of each.
 */
import type { Merchant } from '../../shared/domain/merchant.js';
import type { AwsCall, AwsMeter } from './meter.js';
import { byIndex, byRoundTrip, roundTrips, sum } from './meter.js';
import { isCounterWrite } from './write-phases.js';
import type { InvocationClock } from './invocation-clock.js';
import type { CallbackSink } from './callback-sink.js';
import { countedSaleBody, followUpBody, postForm, saleBody } from './requests.js';

export interface ActionFigures {
  /** DynamoDB round trips the request's function waited for: calls sent side by side share one (meter.ts). */
  roundTrips: number;
  /** DynamoDB calls it made. */
  calls: number;
  /** The calls by round trip, in order; side by side ones joined with " ‖ ". */
  commands: string[];
  writeUnits: number;
}

export interface RoundTripFigures {
  /** SALE_COUNTED: a SALE whose card the risk check counts (not a sandbox test card). */
  actions: Record<'SALE' | 'SALE_COUNTED' | 'AUTH' | 'CAPTURE' | 'CREDITVOID', ActionFigures>;
  callback: {
    /** DynamoDB calls per delivered callback, without the consumer's cache refreshes. */
    dynamodbOps: number;
    /** Reads that refresh a container's cache (CACHED_READS), per callback in these samples. */
    cacheReads: number;
    commands: string[];
    sqsOps: number;
    sqsCommands: string[];
    writeUnits: number;
    readUnits: number;
  };
  /** Everything one S2S SALE with one delivered callback costs, across functions. */
  paymentWithCallback: {
    writeUnits: number;
    writeUnitsBy: Record<string, number>;
    /** Write units per function, averaged over the samples like writeUnits (`writes` lists the first sample's only). */
    writeUnitsByFunction: Record<string, number>;
    readUnits: number;
    sqsRequests: number;
    /** Lambda asynchronous invokes per payment (the callback's direct handoff): no SQS request, the invocation's own. */
    asyncInvokes: number;
    /** KMS calls per payment (data keys are opened once per container, so 0 once warm). */
    kmsRequests: number;
    lambdaMs: Record<string, number>;
    /** Invocations per function for this one payment alone (its records gathered by each mapping's batching window). */
    invocations: Record<string, number>;
    /** The first sample's DynamoDB writes, one line each: where the write units go. */
    writes: { fn: string; command: string; writeUnits: number; writeUnitsBy: Record<string, number>; item?: string }[];
    /** The dashboard counters' write units (their ADDs), averaged over the samples like writeUnits. */
    counterWriteUnits: number;
  };
  /** The SALE's own writes (callbacks merchant), replayed by the floor. */
  saleWrites: { inputs: unknown[]; unique: string[] };
  /** Its callback's delivery writes (the same payment's keys), replayed after them by the throughput ceiling. */
  callbackWrites: { inputs: unknown[]; unique: string[] };
}

const REQUEST_FN = 'S2sCardPost';
const CALLBACK_FN = 'CallbackDeliver';
/** Functions that run after a request, off its path: the callback's delivery and the table stream's consumers. */
const OFF_PATH = new Set([CALLBACK_FN, 'OutboxStream', 'PaymentChanges']);
/**
 * Items the callback consumer keeps per container and reads again only when its copy is older than its cache time:
 * the URL's health (5 s, dynamo-url-health.ts) and the merchant's signing secrets (CONFIG_CACHE_TTL_SECONDS,
 * signing-secrets.ts). Under load a container reads each once per cache time, whatever the number of callbacks; at
 * this sampling pace (a callback every second or two) one sample in a few reads one of them.
 */
const CACHED_READS = new Set(['CALLBACK_URL/HEALTH', 'MERCHANT/CALLBACK_SECRET']);

export async function measureRoundTrips(opts: {
  url: string;
  meter: AwsMeter;
  clock: InvocationClock;
  quiet: Merchant;
  withCallbacks: Merchant;
  sink: CallbackSink;
  samples: number;
  progress: (line: string) => void;
  /** Hands over what the stream mappings' batching windows hold, as each window's end would (stream-poller.ts). */
  flushWindows: () => Promise<void>;
}): Promise<RoundTripFigures> {
  const { url, meter, clock } = opts;
  const post = (body: string) => postForm(`${url}/post`, body);
  const id = () => `rt-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  // Warm the containers' caches (merchant config, data keys) and the consumer.
  await post(saleBody(opts.quiet, id()));
  // ... and the risk check's fingerprint key, read (or made) by the first SALE whose card it counts.
  await post(countedSaleBody(opts.quiet, id(), 1));
  await post(saleBody(opts.withCallbacks, id()));
  await opts.sink.waitFor(1, 10_000);
  await clock.idle();

  const samples: Record<string, AwsCall[][]> = { SALE: [], SALE_COUNTED: [], AUTH: [], CAPTURE: [], CREDITVOID: [] };
  for (let i = 0; i < opts.samples; i++) {
    opts.progress(`round trips: sample ${i + 1}/${opts.samples}`);
    let mark = meter.mark();
    await post(saleBody(opts.quiet, id()));
    samples.SALE!.push(meter.since(mark, REQUEST_FN));
    mark = meter.mark();
    await post(countedSaleBody(opts.quiet, id(), Date.now() % 1e9));
    samples.SALE_COUNTED!.push(meter.since(mark, REQUEST_FN));
    mark = meter.mark();
    const held = await post(saleBody(opts.quiet, id(), { auth: 'Y' }));
    samples.AUTH!.push(meter.since(mark, REQUEST_FN));
    mark = meter.mark();
    await post(followUpBody(opts.quiet, 'CAPTURE', held.trans_id!));
    samples.CAPTURE!.push(meter.since(mark, REQUEST_FN));
    const settled = await post(saleBody(opts.quiet, id()));
    mark = meter.mark();
    await post(followUpBody(opts.quiet, 'CREDITVOID', settled.trans_id!, { amount: '1.00' }));
    await clock.idle();
    samples.CREDITVOID!.push(meter.since(mark).filter((c) => !OFF_PATH.has(c.fn)));
  }

  // One payment with its callback, end to end.
  const perPayment: AwsCall[][] = [];
  const lambdaMs: Record<string, number[]> = {};
  const invocations: Record<string, number[]> = {};
  let saleWrites: RoundTripFigures['saleWrites'] | undefined;
  let callbackWrites: RoundTripFigures['callbackWrites'] | undefined;
  for (let i = 0; i < opts.samples; i++) {
    opts.progress(`payment with callback: sample ${i + 1}/${opts.samples}`);
    // Nothing of earlier payments left in a window: this payment's batches are its own.
    await opts.flushWindows();
    await clock.idle();
    clock.reset();
    const before = opts.sink.received();
    const mark = meter.mark();
    const res = await post(saleBody(opts.withCallbacks, id()));
    if (!(await opts.sink.waitFor(before + 1, 20_000))) throw new Error('callback not delivered within 20 s');
    await clock.idle();
    // The payment's last record is in the stream: its windows would end with nothing more to add.
    await opts.flushWindows();
    await clock.idle();
    const calls = meter.since(mark);
    perPayment.push(calls);
    for (const [fn, list] of clock.ms) {
      (lambdaMs[fn] ??= []).push(list.reduce((a, b) => a + b, 0));
      (invocations[fn] ??= []).push(list.length);
    }
    if (!saleWrites) {
      const inputs = (fn: string) => calls.filter((c) => c.fn === fn && c.input).map((c) => c.input);
      const unique = uniqueKeys([...inputs(REQUEST_FN), ...inputs(CALLBACK_FN)], res.trans_id!);
      saleWrites = { inputs: inputs(REQUEST_FN), unique };
      callbackWrites = { inputs: inputs(CALLBACK_FN), unique };
    }
  }

  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const action = (list: AwsCall[][]): ActionFigures => {
    const ddb = list.map((calls) => calls.filter((c) => c.service === 'dynamodb'));
    return {
      roundTrips: avg(ddb.map(roundTrips)),
      calls: avg(ddb.map((c) => c.length)),
      commands: byRoundTrip(ddb[0]!),
      writeUnits: avg(ddb.map((c) => sum(c, (x) => x.writeUnits))),
    };
  };
  const cbCalls = perPayment.map((calls) => calls.filter((c) => c.fn === CALLBACK_FN));
  const cbAll = cbCalls.map((c) => c.filter((x) => x.service === 'dynamodb'));
  const cbDdb = cbAll.map((c) => c.filter((x) => !CACHED_READS.has(x.item ?? '')));
  const cbSqs = cbCalls.map((c) => c.filter((x) => x.service === 'sqs'));
  const indexTotals = perPayment.map(byIndex);
  const indexNames = [...new Set(indexTotals.flatMap((t) => Object.keys(t)))];
  return {
    actions: {
      SALE: action(samples.SALE!),
      SALE_COUNTED: action(samples.SALE_COUNTED!),
      AUTH: action(samples.AUTH!),
      CAPTURE: action(samples.CAPTURE!),
      CREDITVOID: action(samples.CREDITVOID!),
    },
    callback: {
      dynamodbOps: avg(cbDdb.map((c) => c.length)),
      cacheReads: avg(cbAll.map((c) => c.length)) - avg(cbDdb.map((c) => c.length)),
      commands: cbDdb[0]!.map((c) => short(c.command)),
      sqsOps: avg(cbSqs.map((c) => c.length)),
      sqsCommands: cbSqs[0]!.map((c) => short(c.command)),
      writeUnits: avg(cbDdb.map((c) => sum(c, (x) => x.writeUnits))),
      readUnits: avg(cbAll.map((c) => sum(c, (x) => x.readUnits))),
    },
    paymentWithCallback: {
      writeUnits: avg(perPayment.map((c) => sum(c, (x) => x.writeUnits))),
      writeUnitsBy: Object.fromEntries(indexNames.map((n) => [n, avg(indexTotals.map((t) => t[n] ?? 0))])),
      writeUnitsByFunction: Object.fromEntries(
        [...new Set(perPayment.flatMap((calls) => calls.map((c) => c.fn)))].map((fn) => [
          fn,
          avg(
            perPayment.map((calls) =>
              sum(
                calls.filter((c) => c.fn === fn),
                (x) => x.writeUnits,
              ),
            ),
          ),
        ]),
      ),
      readUnits: avg(perPayment.map((c) => sum(c, (x) => x.readUnits))),
      // The platform's own SQS calls, plus a receive and a delete per message made by the event source (the
      // local pollers use their own client, so they are not metered; on AWS the event-source mapping makes them).
      sqsRequests:
        avg(perPayment.map((c) => c.filter((x) => x.service === 'sqs').length)) +
        2 *
          avg(perPayment.map((c) => c.filter((x) => x.command === 'SendMessageBatchCommand' || x.command === 'SendMessageCommand').length)),
      kmsRequests: avg(perPayment.map((c) => c.filter((x) => x.service === 'kms').length)),
      asyncInvokes: avg(perPayment.map((c) => c.filter((x) => x.service === 'lambda').length)),
      lambdaMs: Object.fromEntries(Object.entries(lambdaMs).map(([fn, xs]) => [fn, avg(xs)])),
      invocations: Object.fromEntries(Object.entries(invocations).map(([fn, xs]) => [fn, avg(xs)])),
      writes: perPayment[0]!
        .filter((c) => c.writeUnits > 0)
        .map((c) => ({ fn: c.fn, command: short(c.command), writeUnits: c.writeUnits, writeUnitsBy: c.writeUnitsBy, item: c.item })),
      counterWriteUnits: avg(perPayment.map((calls) => sum(calls.filter(isCounterWrite), (x) => x.writeUnits))),
    },
    saleWrites: saleWrites!,
    callbackWrites: callbackWrites!,
  };
}

function short(command: string): string {
  return command.replace(/Command$/, '');
}

/** The strings that made the SALE's keys unique: its trans_id and every partition key not derived from it. */
function uniqueKeys(inputs: unknown[], transId: string): string[] {
  const keys = new Set<string>([transId]);
  JSON.stringify(inputs, (k, v) => {
    if (k === 'pk' && typeof v === 'string' && !v.includes(transId)) keys.add(v);
    return v;
  });
  return [...keys];
}
