/**
 * `npx tsx bench/src/log-bytes.ts [--payments 20]`: the bytes each function logs at LOG_LEVEL=INFO (what
 * CloudWatch Logs ingests, the price per GB), per invocation, for S2S SALEs with one callback each, sent one at a
 * time (one payment per stream and queue batch). Lambda's own START, END and REPORT lines are added as they are on
 * AWS (their sizes below). Prints the lines of one invocation of each function. The cost model uses these figures.
 */
import { parseArgs } from 'node:util';

// Before the logger exists: Powertools keeps the level per invocation.
process.env.LOG_LEVEL = process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
const { currentInvocation } = await import('../../scripts/local/invocations.js');
const { startPlatform } = await import('../../scripts/local/platform.js');
const { startCallbackSink } = await import('./callback-sink.js');
const { benchMerchant, postForm, saleBody } = await import('./requests.js');
const { LAMBDA_PLATFORM_LOG_BYTES, LOG_EVENT_OVERHEAD_BYTES } = await import('./cost.js');

const { values } = parseArgs({ options: { payments: { type: 'string', default: '20' } } });
const payments = Number(values.payments);

const platform = await startPlatform({
  port: 0,
  prefix: `logs${Date.now()}`,
  schedules: 'manual',
  extraEnv: { LOG_LEVEL: 'INFO', POWERTOOLS_LOG_LEVEL: 'INFO', TEST_CLOCK: 'false' },
});
const sink = await startCallbackSink();
const bytes = new Map<string, number>();
const sample = new Map<string, string[]>();
const invocations = new Map<string, Set<unknown>>();
const write = process.stdout.write.bind(process.stdout);
let counting = false;
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const inv = currentInvocation();
  if (counting && inv) {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const events = text.split('\n').filter(Boolean).length;
    bytes.set(inv.functionName, (bytes.get(inv.functionName) ?? 0) + Buffer.byteLength(text) + events * LOG_EVENT_OVERHEAD_BYTES);
    (invocations.get(inv.functionName) ?? invocations.set(inv.functionName, new Set()).get(inv.functionName)!).add(inv);
    const lines = sample.get(inv.functionName) ?? [];
    if (lines.length < 4) lines.push(text.trimEnd());
    sample.set(inv.functionName, lines);
    return true;
  }
  if (inv) return true; // the warm-up's lines
  return (write as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;
try {
  const merchant = await benchMerchant('Log bytes', sink.url);
  // Warm-up: first invocations log their cold start and caches; the steady line is what a million payments log.
  await postForm(`${platform.url}/post`, saleBody(merchant, `warm-${Date.now()}`));
  await sink.waitFor(1, 20_000);
  await new Promise((r) => setTimeout(r, 1500));
  counting = true;
  for (let i = 0; i < payments; i++) {
    await postForm(`${platform.url}/post`, saleBody(merchant, `logs-${Date.now()}-${i}`));
    await sink.waitFor(2 + i, 20_000);
  }
  await new Promise((r) => setTimeout(r, 1500));
  counting = false;
  const perPayment = (fn: string) => (bytes.get(fn) ?? 0) / payments;
  console.log(`Bytes logged at INFO per payment (${payments} SALEs with their callbacks, one per batch):`);
  for (const [fn, b] of [...bytes].sort((a, b) => b[1] - a[1])) {
    const n = invocations.get(fn)?.size ?? 0;
    console.log(
      `  ${fn}: ${(b / Math.max(1, n)).toFixed(0)} bytes per invocation from the handler, with each event's ${LOG_EVENT_OVERHEAD_BYTES} (${n} invocations, ${perPayment(fn).toFixed(0)} per payment) + ${LAMBDA_PLATFORM_LOG_BYTES} of Lambda's START/END/REPORT`,
    );
  }
  for (const [fn, lines] of sample) console.log(`\n${fn}:\n${lines.join('\n')}`);
} finally {
  process.stdout.write = write;
  await sink.close();
  await platform.stop();
}
