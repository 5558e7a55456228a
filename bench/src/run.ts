/**
 * `npm run bench -- [--seconds 10] [--connections 8] [--callback-sales 1000] [--payer minimal|typical] [--samples 5] [--out file.json] [--compare previous.json] [--skip bundles] [--only bundles|writes|cpu]`
 *
 * Measures the figures of issue 14 on the local platform (gateway → handlers → DynamoDB Local, moto), each with
 * its floor or baseline from the same run, because absolute times on a shared machine move by 30–40 % between runs:
 * round trips per action, callback delivery operations, SALE latency against the floor (the SALE's own writes
 * behind the same gateway), node CPU per SALE (this process's, the platform's: the load generator and the merchant's
 * callback receiver run in child processes), throughput against DynamoDB Local alone with the callback backlog
 * it left, bundle sizes and import ratios, and the cost model. Prints progress, a summary table, and writes JSON.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { startPlatform } from '../../scripts/local/platform.js';
import { createGateway } from '../../scripts/local/gateway.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import { awsClients, lambdaClient } from '../../shared/adapters/aws/aws-clients.js';
import { getConfig } from '../../shared/lib/config.js';
import { logger } from '../../shared/lib/logger.js';
import { AwsMeter } from './meter.js';
import { InvocationClock } from './invocation-clock.js';
import { startCallbackSink } from './callback-sink.js';
import { benchMerchant, PAYERS, saleTemplate, usePayer, type PayerName } from './requests.js';
import { formatPhases, isCounterWrite, writePhases } from './write-phases.js';
import { measureRoundTrips } from './round-trips.js';
import {
  createFloorTable,
  replayPaymentWrites,
  replaySaleWrites,
  saleWriteCommands,
  setCallbackWrites,
  setFloorWrites,
} from './floor-handler.js';
import { idleCpu, runDirect, runLoad, type LoadResult } from './load.js';
import { cpuSince, machineCpu, type MachineCpu } from './machine-cpu.js';
import { callbackQueueDepth, drainBoundMs, MOTO_LINEAR_BACKLOG, type Backlog } from './queue-depth.js';
import { measureBundles } from './bundles.js';
import { bundleFigures } from './bundle-figures.js';
import { costModel, type CostModel } from './cost.js';
import { batchFigures } from './batches.js';
import { callbackSplit } from './callback-split.js';
import { ROUTES } from '../../shared/entry/routes/index.js';
import { describeOnePayment } from './one-payment-cost.js';
import { stageSettings } from '../../infra/stages.js';
import { largestPutBreakdown, putSizes } from './item-size.js';
import { fmt, table, type Figure } from './report.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    'callback-sales': { type: 'string', default: '1000' },
    payer: { type: 'string', default: 'minimal' },
    samples: { type: 'string', default: '5' },
    out: { type: 'string' },
    compare: { type: 'string' },
    skip: { type: 'string', multiple: true, default: [] },
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const callbackSales = Number(values['callback-sales']);
if (!(values.payer in PAYERS)) throw new Error(`--payer ${values.payer}: one of ${Object.keys(PAYERS).join(', ')}`);
usePayer(values.payer as PayerName);
const ok = (r: { requests: number; non2xx: number }) => r.requests - r.non2xx;
const cpuPer = (r: { cpuMs: number; requests: number; non2xx: number }) => r.cpuMs / Math.max(1, ok(r));
/** The machine's cores, in ms of CPU a second. */
const machineMsPerSecond = 1000 * availableParallelism();
/** A run's machine CPU per payment, by who spent it, and how busy the cores were. */
const budget = (c: MachineCpu, payments: number, wallSeconds: number) =>
  `${fmt(c.machineMs / Math.max(1, payments))} ms (${Object.entries(c.byRole)
    .filter(([, ms]) => ms / payments >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([role, ms]) => `${role} ${fmt(ms / payments)}`)
    .join(', ')}; cores ${fmt((100 * c.machineMs) / (machineMsPerSecond * wallSeconds), 0)} % busy)`;
const skip = new Set(values.skip);
const nonDynamo = (c: CostModel) => Math.round((c.perMillion - c.lines.dynamodbWrites! - c.lines.dynamodbReads!) * 100) / 100;
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const out = values.out ?? join(REPO_ROOT, '.local', 'bench', `${commit}.json`);
const started = Date.now();
const progress = (line: string) => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

if (values.only === 'bundles') {
  // Bundle sizes and import ratios need no platform: measured alone, they take a minute.
  const bundles = await measureBundles({ ratioFor: ['functions/s2s-card/post', 'functions/callbacks/deliver'], runs: 15, progress });
  const figures = bundleFigures(bundles);
  const previous = values.compare
    ? (JSON.parse(readFileSync(values.compare, 'utf8')) as { figures: Record<string, number>; commit: string })
    : undefined;
  console.log(table(figures, previous?.figures));
  // The same JSON shape as a full run's (figures, bundles), so --compare reads either.
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      { commit, at: new Date().toISOString(), figures: Object.fromEntries(figures.map((f) => [f.name, f.key])), bundles },
      null,
      2,
    ),
  );
  process.exit(0);
}

// Request logs would measure the terminal, not the platform.
logger.setLogLevel('ERROR');
progress('starting the local platform (DynamoDB Local, moto)');
const platform = await startPlatform({
  port: 0,
  prefix: `bench${Date.now()}`,
  schedules: 'manual',
  batchingWindows: true,
  concurrentBatches: true,
  // TEST_CLOCK off, as on staging and production: a sandbox's clock refresh (a read every 5 s) is not the platform's cost.
  extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR', TEST_CLOCK: 'false' },
});
/** Counter items a counters invocation ADDs to for payments of one merchant in one hour: the merchant's and the platform's. */
const COUNTER_ITEMS_PER_BATCH = 2;
/** The stream consumer that keeps the dashboard's counters (with the ledger's journals: shared/entry/routes/payment-changes.ts). */
const COUNTERS_FN = 'PaymentChanges';
const sink = await startCallbackSink();
const floorGateway = createGateway([
  { id: 'BenchFloor', method: 'POST', path: '/floor', handler: 'bench/src/floor-handler', grants: [] },
  { id: 'BenchEmpty', method: 'POST', path: '/empty', handler: 'bench/src/empty-handler', grants: [] },
]);
await new Promise<void>((r) => floorGateway.listen(0, '127.0.0.1', r));
const floorUrl = `http://127.0.0.1:${(floorGateway.address() as AddressInfo).port}/floor`;
const emptyUrl = `http://127.0.0.1:${(floorGateway.address() as AddressInfo).port}/empty`;
const meter = new AwsMeter({ ...awsClients(), lambda: lambdaClient() }, { keepWriteInputs: true });
const clock = new InvocationClock();
try {
  const quiet = await benchMerchant('Bench without callbacks');
  const withCallbacks = await benchMerchant('Bench with callbacks', sink.url);

  const rt = await measureRoundTrips({
    url: platform.url,
    meter,
    clock,
    quiet,
    withCallbacks,
    sink,
    samples: Number(values.samples),
    progress,
    flushWindows: () => platform.flushStreamWindows(),
  });
  if (values.only === 'writes') {
    // Round trips and write units only (deterministic, a minute): no loads.
    const { actions, callback, paymentWithCallback } = rt;
    console.log(JSON.stringify({ actions, callback, paymentWithCallback }, null, 1));
    console.log(
      `\nDynamoDB round trips in the request (calls side by side joined by ‖): ${Object.entries(actions)
        .map(([a, f]) => `${a} ${fmt(f.roundTrips)} (${f.commands.join(', ')})`)
        .join('; ')}`,
    );
    console.log('Writes of one SALE with its callback, one payment per batch (the steady rate needs the loads: run without --only):');
    console.log(formatPhases(writePhases(paymentWithCallback.writes, 1), 'not measured in this mode'));
    console.log(
      `Items the SALE puts (bytes): ${putSizes(rt.saleWrites.inputs)
        .map((s) => `${s.item} ${s.bytes}`)
        .join(', ')}`,
    );
    console.log(`The largest, by attribute: ${largestPutBreakdown(rt.saleWrites.inputs)}`);
    console.log(`\nCost at one payment per batch (bench/src/one-payment-cost.ts):\n${describeOnePayment(paymentWithCallback)}`);
    // The same figures as JSON, like a full run's (`--compare` reads `figures`), so two commits' counts can be kept side by side.
    const figures = Object.fromEntries(Object.entries(actions).map(([a, f]) => [`round trips ${a}`, f.roundTrips]));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify(
        {
          commit,
          at: new Date().toISOString(),
          node: process.version,
          settings: { only: 'writes', payer: values.payer, samples: Number(values.samples) },
          figures: { ...figures, 'write units, one payment per batch': paymentWithCallback.writeUnits },
          roundTrips: actions,
          callback,
          paymentWithCallback,
        },
        null,
        2,
      ),
    );
    console.log(`\nJSON: ${out}`);
    process.exit(0);
  }
  meter.enabled = false;
  meter.keepWriteInputs = false;
  const floorTable = await createFloorTable(platform.resources.tableName);
  setFloorWrites(rt.saleWrites.inputs, rt.saleWrites.unique, platform.resources.tableName, floorTable);
  setCallbackWrites(rt.callbackWrites.inputs, rt.callbackWrites.unique, platform.resources.tableName, floorTable);

  if (values.only === 'cpu') {
    // The CPU split alone (a quick loop while cutting CPU): gateway, floor and SALE alternated, 3 rounds.
    for (let round = 1; round <= 3; round++) {
      const d = await runDirect({ connections, seconds, work: () => replaySaleWrites() });
      // The later writes need the first (they update the payment it reserved): the first alone, the rest by difference.
      const first = await runDirect({ connections, seconds: seconds / 2, work: () => replaySaleWrites(0) });
      console.log(
        `round ${round}: without HTTP, ${saleWriteCommands().join(' + ')}: the first ${fmt(first.cpuMs / first.done)} ms, the rest ${fmt(d.cpuMs / d.done - first.cpuMs / first.done)} ms`,
      );
      const [g, f, q] = [
        await runLoad({ url: emptyUrl, connections, seconds, body: '' }),
        await runLoad({ url: floorUrl, connections, seconds, body: '' }),
        await runLoad({ url: `${platform.url}/post`, connections, seconds, ...saleTemplate(quiet) }),
      ];
      console.log(
        `round ${round}: SALE ${fmt(cpuPer(q))} ms (p50 ${q.p50} ms) = gateway ${fmt(cpuPer(g))} + DynamoDB writes ${fmt(cpuPer(f) - cpuPer(g))} + above the floor ${fmt(cpuPer(q) - cpuPer(f))}; floor ${fmt(cpuPer(f))} ms (p50 ${f.p50} ms); the writes without HTTP ${fmt(d.cpuMs / d.done)} ms; requests ${g.requests} / ${f.requests} / ${q.requests}, errors ${g.errors + f.errors + q.errors}, non-2xx ${g.non2xx + f.non2xx + q.non2xx}`,
      );
    }
    process.exit(0);
  }
  await clock.idle();
  progress('idle: the platform with no requests, 5 s');
  const idleCpuFrom = machineCpu();
  const idle = await idleCpu(5);
  const idleMachine = cpuSince(idleCpuFrom);
  // The throughput target compares SALEs with callbacks against DynamoDB Local alone doing the same writes: the SALE's
  // and its callback's delivery (an earlier ceiling replayed the SALE's alone, half of them). DynamoDB Local's JVM
  // is warmed first: measured cold, its ceiling came out 40 % low (146 against 222-237 SALEs' writes a second warm).
  progress(`warming DynamoDB Local: a SALE's and its callback's writes, ${connections} loops, ${seconds} s`);
  await runDirect({ connections, seconds, work: () => replayPaymentWrites() });
  progress(`ceiling: a SALE's and its callback's writes straight to DynamoDB Local, ${connections} loops, ${seconds} s`);
  const ceilingCpuFrom = machineCpu();
  const ceiling = await runDirect({ connections, seconds, work: () => replayPaymentWrites() });
  const ceilingCpu = cpuSince(ceilingCpuFrom);
  progress(`ceiling of the SALE's writes alone, ${connections} loops, ${seconds} s`);
  const ceilingSaleOnly = await runDirect({ connections, seconds, work: () => replaySaleWrites() });
  progress(`gateway: an empty handler behind the gateway, ${connections} connections, ${seconds} s`);
  const gateway = await runLoad({ url: emptyUrl, connections, seconds, body: '' });
  progress(`floor: the SALE's writes behind the gateway, ${connections} connections, ${seconds} s`);
  const floor = await runLoad({ url: floorUrl, connections, seconds, body: '' });
  progress(`SALE without callbacks, ${connections} connections, ${seconds} s`);
  const quietLoad = await runLoad({ url: `${platform.url}/post`, connections, seconds, ...saleTemplate(quiet) });
  await clock.idle();

  // SALEs with callbacks, until every callback arrived; the backlog when the requests end is noted, and the wait for
  // it is bounded by what moto needs to drain that many (queue-depth.ts). The throughput and the steady figure run
  // every function in the platform's process (comparable with earlier runs); a steady run with each event-driven
  // function in its own process, as on Lambda (function-processes.ts, every process's CPU counted), and one
  // without callbacks at the same rate (quiet) split the callback's CPU into our functions' and the local
  // stand-ins' for AWS's event sources (pollers, moto calls).
  const callbackLoad = async (shape: { amount?: number; overallRate?: number }, merchant = withCallbacks) => {
    const before = sink.received();
    const sinkCpu = sink.cpuMs();
    let backlog: Backlog = { undelivered: 0, queued: 0 };
    const load = await runLoad({
      url: `${platform.url}/post`,
      connections,
      seconds,
      ...shape,
      ...saleTemplate(merchant),
      otherCpuMs: () => platform.eventFunctions.cpuMs(),
      drain: async (ok) => {
        if (merchant === withCallbacks) {
          backlog = { undelivered: before + ok - sink.received(), queued: await callbackQueueDepth(platform) };
          progress(
            `requests done: ${ok} SALEs, ${backlog.undelivered} callbacks not yet delivered (${backlog.queued} in the queue); waiting for them`,
          );
          if (!(await sink.waitFor(before + ok, drainBoundMs(backlog.undelivered))))
            progress(`only ${sink.received() - before} of ${ok} callbacks arrived`);
        }
        await clock.idle();
        // What the stream mappings' batching windows still hold is this run's too: the windows' end hands it over.
        await platform.flushStreamWindows();
        await clock.idle();
      },
    });
    progress(`drained in ${fmt(load.drainSeconds, 1)} s`);
    return { ...load, backlog, sinkCpuMs: sink.cpuMs() - sinkCpu };
  };
  progress(`SALE with callbacks, throughput: ${callbackSales} SALEs, ${connections} connections, then every callback delivered`);
  const cbCpuFrom = machineCpu();
  const cbLoad = await callbackLoad({ amount: callbackSales });
  const cbCpu = cpuSince(cbCpuFrom);
  const cbPerSecond = ok(cbLoad) / cbLoad.wallSeconds;
  const steadyRate = Math.max(1, Math.round(0.7 * cbPerSecond));
  await platform.eventFunctions.setApart(true);
  progress(
    `SALE with callbacks, steady, functions in their own processes: ${steadyRate} SALE/s (70 % of ${fmt(cbPerSecond, 1)}), ${seconds} s, then every callback delivered`,
  );
  const cbSteadyApart = await callbackLoad({ overallRate: steadyRate });
  progress(`SALE without callbacks at the same rate, ${seconds} s`);
  const quietSteady = await callbackLoad({ overallRate: steadyRate }, quiet);
  // The steady figure and the batches as before: every function in the platform's process (one process's CPU,
  // comparable with earlier runs; handler times without the hop to another process).
  await platform.eventFunctions.setApart(false);
  progress(`SALE with callbacks, steady, functions in the platform's process: ${steadyRate} SALE/s, ${seconds} s`);
  clock.reset();
  const cbSteady = await callbackLoad({ overallRate: steadyRate });
  const batches = batchFigures(clock, ok(cbSteady));
  // Latency at the same offered load: the floor at the steady rate. In the closed-loop runs every connection always
  // has a request waiting, so p50 is about connections ÷ throughput (Little's law): that ratio restates throughput.
  progress(`floor at the same rate: ${steadyRate} requests/s, ${seconds} s`);
  const floorSteady = await runLoad({ url: floorUrl, connections, seconds, overallRate: steadyRate, body: '' });
  const split = callbackSplit(cbSteadyApart, quietSteady, ['CallbackDeliver', 'OutboxStream', COUNTERS_FN]);

  const bundles = skip.has('bundles')
    ? undefined
    : await measureBundles({ ratioFor: ['functions/s2s-card/post', 'functions/callbacks/deliver'], runs: 15, progress });

  // The dashboard counters write per batch, not per payment: one ADD per counter item (the merchant's hour and the
  // platform's) per invocation. The one-payment measurement above sends each of its two stream batches alone, so at
  // the steady run's batches those writes are the counters' invocations per payment × their units per invocation.
  // The counters' units averaged over the samples, as the total they are taken from is (a sample whose records
  // reached the counters in three stream batches instead of two wrote 6 units, not 4).
  const counterWrites = rt.paymentWithCallback.writes.filter(isCounterWrite);
  const counterUnits = rt.paymentWithCallback.counterWriteUnits;
  const counterUnitsPerInvocation =
    COUNTER_ITEMS_PER_BATCH * (counterWrites.reduce((a, w) => a + w.writeUnits, 0) / Math.max(1, counterWrites.length));
  const batchedWriteUnits = (countersPerPayment: number) =>
    rt.paymentWithCallback.writeUnits - counterUnits + Math.min(counterUnits, countersPerPayment * counterUnitsPerInvocation);
  // The non-DynamoDB lines at the batches measured in the steady run, and with one payment per batch (the worst case).
  const costInput = (fns: Record<string, { invocations: number; ms: number }>, sqsRequests: number, asyncInvokes: number, what: string) =>
    costModel({
      writeUnits: batchedWriteUnits(fns[COUNTERS_FN]?.invocations ?? Infinity),
      readUnits: rt.paymentWithCallback.readUnits,
      sqsRequests,
      asyncInvokes,
      kmsRequests: rt.paymentWithCallback.kmsRequests,
      functions: fns,
      lambdaMemoryMb: 512,
      traced: ROUTES.map((r) => r.id),
      // The live stage the model prices: whether Lambda's own START/END/REPORT lines are ingested (infra/stages.ts).
      platformLogs: stageSettings('prod').lambda.platformLogs,
      ratePerSecond: steadyRate,
      batches: what,
    });
  // One payment alone: each function invoked as often as it was for the measured lone payment (a mapping with a
  // batching window takes the payment's records in one batch; one without, a batch per poll that found some).
  const worstFns = Object.fromEntries(
    Object.entries(rt.paymentWithCallback.lambdaMs).map(([fn, ms]) => {
      const invocations = Math.max(1, rt.paymentWithCallback.invocations[fn] ?? batches[fn]?.recordsPerPayment ?? 1);
      return [fn, { invocations, ms: ms / invocations }];
    }),
  );
  // SQS requests at the steady batches: the messages sent to the callback queue (the outbox consumer's SendMessageBatch per
  // 10 when it queues them; one SendMessage per callback that must wait when the handoff takes its first attempt: as
  // many as the queue-fed records) and a receive and a delete per batch the queue mapping delivered, plus the
  // delivery's own calls.
  const deliver = batches.CallbackDeliver;
  // The platform runs in this process: whether its outbox consumer hands callbacks over (one Invoke per stream batch).
  const handoff = Boolean(getConfig().CALLBACK_DELIVER_FUNCTION);
  const queued = handoff ? (deliver?.queueRecordsPerPayment ?? 0) : (batches.OutboxStream?.sendsPerPayment ?? 1);
  const cost = costInput(
    Object.fromEntries(Object.entries(batches).map(([fn, b]) => [fn, { invocations: b.invocationsPerPayment, ms: b.msPerInvocation }])),
    queued + 2 * (deliver?.queueInvocationsPerPayment ?? 0) + rt.callback.sqsOps,
    handoff ? (batches.OutboxStream?.invocationsPerPayment ?? 0) : 0,
    `batches measured at ${steadyRate} SALE/s (${Object.entries(batches)
      .map(([fn, b]) => `${fn} ${fmt(b.recordsPerInvocation, 1)} records`)
      .join(', ')}; the callback queue polled with 5 concurrent batches as Lambda starts, each gathering up to 10 for 1 s)`,
  );
  // One payment alone: the SQS requests counted for it (the functions' own, and a receive and a delete per message sent).
  const worstCost = costInput(worstFns, rt.paymentWithCallback.sqsRequests, rt.paymentWithCallback.asyncInvokes, 'one payment per batch');

  const provisionedTotal = Math.round((cost.perMillion - (cost.lines.dynamodbWrites ?? 0) + cost.provisionedWrites70) * 100) / 100;
  const loadCpuPer = (r: LoadResult) => r.loadCpuMs / Math.max(1, r.requests);
  const backlogs = `${cbLoad.backlog.undelivered} after the throughput run, ${cbSteady.backlog.undelivered} after the steady one`;
  const a = rt.actions;
  const figures: Figure[] = [
    // 2 writes; the risk check's calls go beside the first (docs/risk.md): no round trip of their own.
    {
      name: 'round trips SALE',
      value: fmt(a.SALE.roundTrips),
      baseline: `${fmt(a.SALE.calls)} calls: ${a.SALE.commands.join(', ')}`,
      target: '≤ 2',
      met: a.SALE.roundTrips <= 2,
      key: a.SALE.roundTrips,
    },
    // The risk check's BatchGetItem and the UpdateItem of the card's counter go beside the reservation (docs/risk.md).
    {
      name: 'round trips SALE, card the risk check counts',
      value: fmt(a.SALE_COUNTED.roundTrips),
      baseline: `${fmt(a.SALE_COUNTED.calls)} calls: ${a.SALE_COUNTED.commands.join(', ')}`,
      target: '≤ 2',
      met: a.SALE_COUNTED.roundTrips <= 2,
      key: a.SALE_COUNTED.roundTrips,
    },
    {
      name: 'round trips AUTH',
      value: fmt(a.AUTH.roundTrips),
      baseline: `${fmt(a.AUTH.calls)} calls: ${a.AUTH.commands.join(', ')}`,
      target: '≤ 2',
      met: a.AUTH.roundTrips <= 2,
      key: a.AUTH.roundTrips,
    },
    {
      name: 'round trips CAPTURE',
      value: fmt(a.CAPTURE.roundTrips),
      baseline: `${fmt(a.CAPTURE.calls)} calls: ${a.CAPTURE.commands.join(', ')}`,
      target: '≤ 2',
      met: a.CAPTURE.roundTrips <= 2,
      key: a.CAPTURE.roundTrips,
    },
    {
      name: 'round trips CREDITVOID',
      value: fmt(a.CREDITVOID.roundTrips),
      baseline: `${fmt(a.CREDITVOID.calls)} calls: ${a.CREDITVOID.commands.join(', ')}`,
      target: '≤ 2',
      met: a.CREDITVOID.roundTrips <= 2,
      key: a.CREDITVOID.roundTrips,
    },
    {
      name: 'DynamoDB ops per callback',
      value: fmt(rt.callback.dynamodbOps),
      baseline: `${rt.callback.commands.join(', ')}; SQS: ${rt.callback.sqsCommands.join(', ') || 'none'}; cache refreshes besides (a container reads the URL's health at most every 5 s and the merchant's signing secrets every ${getConfig().CONFIG_CACHE_TTL_SECONDS} s): ${fmt(rt.callback.cacheReads)} per callback in these samples`,
      target: '≤ 2',
      met: rt.callback.dynamodbOps <= 2,
      key: rt.callback.dynamodbOps,
    },
    {
      name: 'SALE p50 ÷ floor (callbacks)',
      value: `${fmt(cbLoad.p50 / floor.p50)}× (p50 ${cbLoad.p50} ms, p99 ${cbLoad.p99} ms)`,
      baseline: `closed loops, ${connections} connections each: floor p50 ${floor.p50} ms, p99 ${floor.p99} ms (${fmt(floor.perSecond, 0)} against ${fmt(cbLoad.perSecond, 0)} requests/s)`,
      target: '',
      met: undefined,
      key: cbLoad.p50 / floor.p50,
    },
    {
      name: 'SALE p50 ÷ floor, same rate (callbacks)',
      value: `${fmt(cbSteady.p50 / Math.max(1, floorSteady.p50))}× (p50 ${cbSteady.p50} ms, p99 ${cbSteady.p99} ms)`,
      baseline: `both at ${steadyRate} requests/s: floor p50 ${floorSteady.p50} ms, p99 ${floorSteady.p99} ms`,
      target: '',
      met: undefined,
      key: cbSteady.p50 / Math.max(1, floorSteady.p50),
    },
    {
      name: 'SALE p99 ÷ floor (callbacks)',
      value: `${fmt(cbLoad.p99 / floor.p99)}×`,
      baseline: `floor p99 ${floor.p99} ms`,
      target: '',
      met: undefined,
      key: cbLoad.p99 / floor.p99,
    },
    {
      name: 'node CPU per SALE',
      value: `${fmt(cpuPer(quietLoad))} ms`,
      baseline: `floor ${fmt(cpuPer(floor))} ms/request (gateway ${fmt(cpuPer(gateway))} + the SALE's writes ${fmt(cpuPer(floor) - cpuPer(gateway))}); load generator ${fmt(loadCpuPer(quietLoad))} ms/request, not counted`,
      target: '',
      met: undefined,
      key: cpuPer(quietLoad),
    },
    // The floor's parts and ours, so a faster stand-in is not mistaken for a faster Lambda (same runs as above).
    {
      name: 'node CPU: gateway stand-in',
      value: `${fmt(cpuPer(gateway))} ms/request`,
      baseline: "an empty handler behind the in-process gateway: API Gateway's work, no Lambda CPU on AWS",
      target: '',
      met: undefined,
      key: cpuPer(gateway),
    },
    {
      name: "node CPU: the SALE's SDK writes",
      value: `${fmt(cpuPer(floor) - cpuPer(gateway))} ms`,
      baseline: `floor − gateway (${rt.saleWrites.inputs.length} DynamoDB calls)`,
      target: '',
      met: undefined,
      key: cpuPer(floor) - cpuPer(gateway),
    },
    {
      name: 'node CPU: the SALE above the floor',
      value: `${fmt(cpuPer(quietLoad) - cpuPer(floor))} ms`,
      baseline: 'SALE − floor: our code on the request path (middleware, protocol, card sealing, logs and metrics)',
      target: '',
      met: undefined,
      key: cpuPer(quietLoad) - cpuPer(floor),
    },
    {
      name: 'node CPU per SALE + callback',
      value: `${fmt(cpuPer(cbSteady))} ms`,
      baseline: `steady ${steadyRate} SALE/s, one process; with the functions in their own processes ${fmt(cpuPer(cbSteadyApart))} ms (p50 ${cbSteady.p50} → ${cbSteadyApart.p50} ms); floor ${fmt(cpuPer(floor))} ms/request; merchant's receiver ${fmt(cbSteady.sinkCpuMs / Math.max(1, ok(cbSteady)))} ms/callback, not counted`,
      target: '',
      met: undefined,
      key: cpuPer(cbSteady),
    },
    {
      name: 'node CPU per callback: our functions',
      value: `${fmt(split.functions)} ms`,
      baseline: `${Object.entries(split.byFunction)
        .map(([fn, ms]) => `${fn} ${fmt(ms)}`)
        .join(
          ', ',
        )}; local stand-ins for AWS (queue and stream pollers, moto's connections) ${fmt(split.standIns)} ms; the SALE alone at the same rate ${fmt(split.sale)} ms`,
      target: '',
      met: undefined,
      key: split.functions,
    },
    {
      name: 'node CPU of the idle platform',
      value: `${fmt(idle, 1)} ms/s`,
      baseline: `pollers and timers with no requests (in every CPU figure above, spread over its requests); the machine ${fmt(idleMachine.machineMs / 5, 1)} ms/s (${Object.entries(
        idleMachine.byRole,
      )
        .sort((a, b) => b[1] - a[1])
        .map(([role, ms]) => `${role} ${fmt(ms / 5, 1)}`)
        .join(', ')})`,
      target: '',
      met: undefined,
      key: idle,
    },
    {
      name: 'SALE/s with callbacks ÷ DDB Local',
      value: `${fmt(cbPerSecond / ceiling.perSecond)} (${fmt(cbPerSecond, 1)} SALE/s)`,
      baseline: `DynamoDB Local alone, warm: ${fmt(ceiling.perSecond, 1)} SALEs' and their callbacks' writes/s (${rt.saleWrites.inputs.length} + ${rt.callbackWrites.inputs.length} calls; the SALE's alone ${fmt(ceilingSaleOnly.perSecond, 1)}/s); ${callbackSales} SALEs (5 concurrent callback batches), drained in ${fmt(cbLoad.drainSeconds, 1)} s`,
      target: '≥ 0.8',
      met: cbPerSecond / ceiling.perSecond >= 0.8,
      key: cbPerSecond / ceiling.perSecond,
    },
    // The figure above counts until the last callback arrived, so a fixed tail (the callback queue's 1 s batching
    // window, the stream's 0.25 s polls) weighs on a short run; this one is the rate while the requests ran, with
    // the backlog they left in seconds of arrivals (a backlog that grows with the run is not kept up with).
    {
      name: 'SALE/s with callbacks during the load ÷ DDB Local',
      value: `${fmt(ok(cbLoad) / cbLoad.loadSeconds / ceiling.perSecond)} (${fmt(ok(cbLoad) / cbLoad.loadSeconds, 1)} SALE/s)`,
      baseline: `${cbLoad.backlog.undelivered} callbacks undelivered when the requests ended: ${fmt(cbLoad.backlog.undelivered / Math.max(1e-9, ok(cbLoad) / cbLoad.loadSeconds), 1)} s of arrivals`,
      target: '',
      met: undefined,
      key: ok(cbLoad) / cbLoad.loadSeconds / ceiling.perSecond,
    },
    {
      name: 'machine CPU per SALE + callback',
      value: `${budget(cbCpu, ok(cbLoad), cbLoad.wallSeconds)}`,
      baseline: `DynamoDB Local alone doing the same writes: ${budget(ceilingCpu, ceiling.done, seconds)}; ${availableParallelism()} cores are ${fmt(machineMsPerSecond / (cbCpu.machineMs / Math.max(1, ok(cbLoad))), 0)} SALEs with callbacks a second at this CPU, 0.8 of the ceiling is ${fmt(0.8 * ceiling.perSecond, 0)}`,
      target: '',
      met: undefined,
      key: cbCpu.machineMs / Math.max(1, ok(cbLoad)),
    },
    {
      name: 'callbacks undelivered at load end',
      value: backlogs,
      baseline: `moto drains near its short-queue rate up to ~${MOTO_LINEAR_BACKLOG} (bench/src/sqs-drain.ts)`,
      target: `≤ ${MOTO_LINEAR_BACKLOG}`,
      met: Math.max(cbLoad.backlog.undelivered, cbSteady.backlog.undelivered) <= MOTO_LINEAR_BACKLOG,
      key: cbLoad.backlog.undelivered,
    },
    ...(bundles ? bundleFigures(bundles) : []),
    {
      name: 'non-DynamoDB cost per million',
      value: `$${nonDynamo(cost)} at ${steadyRate} SALE/s`,
      baseline: `one payment per batch: $${nonDynamo(worstCost)}`,
      target: '',
      met: undefined,
      key: nonDynamo(cost),
    },
    {
      name: 'cost per million SALE+callback',
      value: `$${cost.perMillion}`,
      baseline: `DynamoDB on-demand writes $${cost.lines.dynamodbWrites} (${fmt(batchedWriteUnits(batches[COUNTERS_FN]?.invocationsPerPayment ?? Infinity), 2)} WU at the measured batches; one payment alone ${fmt(rt.paymentWithCallback.writeUnits, 1)}: ${Object.entries(
        rt.paymentWithCallback.writeUnitsBy,
      )
        .map(([k, v]) => `${k} ${fmt(v, 1)}`)
        .join(', ')})`,
      target: '≤ $12.38',
      met: cost.perMillion <= 12.38,
      key: cost.perMillion,
    },
    {
      name: 'cost, writes on provisioned capacity',
      value: `$${provisionedTotal}`,
      baseline: `the same writes on provisioned capacity 70 % busy ($${cost.provisionedWrites70} instead of $${cost.lines.dynamodbWrites}): steady traffic with auto scaling, as a stage deployed with -c tableCapacity=provisioned runs`,
      target: '≤ $8',
      met: provisionedTotal <= 8,
      key: provisionedTotal,
    },
  ];

  const report = {
    commit,
    at: new Date().toISOString(),
    node: process.version,
    settings: { seconds, connections, callbackSales, payer: values.payer, samples: Number(values.samples) },
    figures: Object.fromEntries(figures.map((f) => [f.name, f.key])),
    roundTrips: rt.actions,
    callback: rt.callback,
    paymentWithCallback: rt.paymentWithCallback,
    load: {
      idleCpuMsPerSecond: idle,
      idleMachine,
      ceiling,
      ceilingCpu,
      throughputCpu: cbCpu,
      ceilingSaleOnly,
      gateway,
      floor,
      floorSteady,
      saleWithoutCallbacks: quietLoad,
      saleWithCallbacks: cbLoad,
      saleWithCallbacksSteady: { ...cbSteady, rate: steadyRate },
      saleWithoutCallbacksSteady: quietSteady,
      saleWithCallbacksSteadyApart: cbSteadyApart,
      callbackSplit: split,
      callbacksPerSecond: cbPerSecond,
    },
    bundles,
    cost,
    worstCost,
    batches,
  };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(report, null, 2));
  const previous = values.compare
    ? (JSON.parse(readFileSync(values.compare, 'utf8')) as { figures: Record<string, number>; commit: string })
    : undefined;
  console.log(
    `\nBenchmark ${commit} on node ${process.version} (${seconds} s runs, ${connections} connections, the ${values.payer} payer${previous ? `; compared with ${previous.commit}` : ''})\n`,
  );
  console.log(table(figures, previous?.figures));
  console.log('\nWrites of one SALE with its callback, by phase, at both traffic levels:');
  const counterShare = ((batches[COUNTERS_FN]?.invocationsPerPayment ?? 1) * counterUnitsPerInvocation) / Math.max(1e-9, counterUnits);
  console.log(formatPhases(writePhases(rt.paymentWithCallback.writes, counterShare), `the batches measured at ${steadyRate} SALE/s`));
  console.log('\nWrite units of one SALE with its callback, per write:');
  for (const w of rt.paymentWithCallback.writes) {
    console.log(
      `  ${w.fn} ${w.command}: ${fmt(w.writeUnits, 1)} (${Object.entries(w.writeUnitsBy)
        .map(([k, v]) => `${k} ${fmt(v, 1)}`)
        .join(', ')})`,
    );
  }
  console.log(
    `Items the SALE puts (bytes; a write unit per started KB): ${putSizes(rt.saleWrites.inputs)
      .map((s) => `${s.item} ${s.bytes}`)
      .join(', ')}`,
  );
  console.log(`The largest, by attribute: ${largestPutBreakdown(rt.saleWrites.inputs)}`);
  console.log(
    `\nCost model at the steady run's batches (${steadyRate} SALE/s): ${Object.entries(cost.lines)
      .map(([k, v]) => `${k} $${v}`)
      .join(', ')}`,
  );
  console.log(
    `One payment per batch (worst case): $${worstCost.perMillion}: ${Object.entries(worstCost.lines)
      .map(([k, v]) => `${k} $${v}`)
      .join(', ')}`,
  );
  for (const a of cost.assumptions) console.log(`  - ${a}`);
  console.log(
    `  - the same writes on provisioned capacity 70 % busy: $${cost.provisionedWrites70} instead of $${cost.lines.dynamodbWrites} (not in the total; a stage deployed with -c tableCapacity=provisioned)`,
  );
  if (cbLoad.non2xx || cbSteady.non2xx || quietLoad.non2xx || floor.non2xx || gateway.non2xx)
    console.log(
      `\nnon-2xx answers: gateway ${gateway.non2xx}, floor ${floor.non2xx}, SALE ${quietLoad.non2xx}, SALE with callbacks ${cbLoad.non2xx} + ${cbSteady.non2xx}`,
    );
  console.log(`\nJSON: ${out}`);
} finally {
  meter.stop();
  clock.stop();
  await new Promise((r) => floorGateway.close(r));
  await sink.close();
  await platform.stop();
}
