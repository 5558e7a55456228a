/**
 * `npx tsx bench/src/callback-variants.ts [--rate 35] [--seconds 10] [--rounds 2] [--amount 0]`
 *
 * The callback path's ways of running the event-driven functions, alternated within one run (the machine is shared):
 * in the platform's process ("inline", as tests run them), or each in its own process ("apart", as Lambda runs
 * them). SALEs with callbacks at a steady rate (or `--amount` SALEs as fast as 8 connections go), every callback
 * awaited; per variant: node CPU per SALE + callback (the platform's process and the functions' together, and each),
 * SALE p50/p99, and how long the callbacks took to drain after the last SALE.
 */
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';

process.env.LOG_LEVEL = process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
const { startPlatform } = await import('../../scripts/local/platform.js');
const { startCallbackSink } = await import('./callback-sink.js');
const { benchMerchant, saleTemplate } = await import('./requests.js');
const { runLoad } = await import('./load.js');

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '35' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    amount: { type: 'string', default: '0' },
    connections: { type: 'string', default: '8' },
    'concurrent-batches': { type: 'boolean', default: false },
  },
});

const platform = await startPlatform({
  port: 0,
  prefix: `cbvar${Date.now()}`,
  schedules: 'manual',
  batchingWindows: true,
  concurrentBatches: values['concurrent-batches'],
  extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR', TEST_CLOCK: 'false' },
});
const sink = await startCallbackSink();
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
try {
  const merchant = await benchMerchant('Callback variants', sink.url);
  const body = saleTemplate(merchant);
  const amount = Number(values.amount);
  const run = async (seconds: number) => {
    const before = sink.received();
    const fnCpu = await platform.eventFunctions.cpuMs();
    const load = await runLoad({
      url: `${platform.url}/post`,
      connections: Number(values.connections),
      seconds,
      ...body,
      ...(amount ? { amount } : { overallRate: Number(values.rate) }),
      drain: async (ok) => void (await sink.waitFor(before + ok, 120_000)),
    });
    const after = await platform.eventFunctions.cpuMs();
    const fns = Object.fromEntries(Object.entries(after).map(([fn, ms]) => [fn, ms - (fnCpu[fn] ?? 0)]));
    return { load, fns };
  };
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const apart of [false, true]) {
      await platform.eventFunctions.setApart(apart);
      await run(2);
      const { load, fns } = await run(Number(values.seconds));
      const ok = load.requests - load.non2xx;
      const per = (ms: number) => (ms / ok).toFixed(2);
      const total = load.cpuMs + sum(fns);
      console.log(
        `round ${round} ${apart ? 'apart ' : 'inline'}: ${ok} SALEs, ${per(total)} ms/SALE+callback (platform ${per(load.cpuMs)}${Object.entries(
          fns,
        )
          .map(([fn, ms]) => `, ${fn} ${per(ms)}`)
          .join('')}); ` +
          `p50 ${load.p50} ms, p99 ${load.p99} ms; ${(ok / load.wallSeconds).toFixed(1)} SALE/s with drain ${load.drainSeconds.toFixed(1)} s; load ${loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
} finally {
  await sink.close();
  await platform.stop();
}
