/**
 * `npx tsx bench/src/profile-sale.ts [--seconds 10] [--connections 8] [--callbacks] [--out file.cpuprofile]`
 *
 * Where a SALE's node CPU goes: the local platform in this process, an autocannon run of SALEs from a child process
 * (callbacks delivered to a receiver in another with --callbacks), profiled with the inspector over the run only.
 * Prints node CPU per SALE and the functions with the most self time, and writes the .cpuprofile (Chrome DevTools).
 */
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

// Before the logger exists: Powertools keeps the level per invocation, so a later setLogLevel() does not reach the
// handlers, and request logs would profile the terminal rather than the platform.
process.env.LOG_LEVEL = process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
const { startPlatform } = await import('../../scripts/local/platform.js');
const { startCallbackSink } = await import('./callback-sink.js');
const { benchMerchant, saleTemplate } = await import('./requests.js');
const { runLoad } = await import('./load.js');

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    callbacks: { type: 'boolean', default: false },
    out: { type: 'string', default: '.local/bench/sale.cpuprofile' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const platform = await startPlatform({
  port: 0,
  prefix: `prof${Date.now()}`,
  schedules: 'manual',
  batchingWindows: true,
  extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR', TEST_CLOCK: 'false' },
});
const sink = await startCallbackSink();
const session = new Session();
try {
  const merchant = await benchMerchant('Profiled', values.callbacks ? sink.url : undefined);
  const body = saleTemplate(merchant);
  // Warm up: cold paths (first SDK calls, config caches) are not the steady cost.
  await runLoad({ url: `${platform.url}/post`, connections: Number(values.connections), seconds: 2, ...body });
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const before = sink.received();
  const load = await runLoad({
    url: `${platform.url}/post`,
    connections: Number(values.connections),
    seconds: Number(values.seconds),
    ...body,
    drain: values.callbacks ? async (ok) => void (await sink.waitFor(before + ok, 300_000)) : undefined,
  });
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(values.out, JSON.stringify(profile));
  const ok = load.requests - load.non2xx;
  console.log(
    `${ok} SALEs (${load.non2xx} non-2xx), node CPU ${(load.cpuMs / ok).toFixed(2)} ms per SALE${values.callbacks ? ' with its callback' : ''} (load generator ${(load.loadCpuMs / load.requests).toFixed(2)} ms per request, not counted)`,
  );
  const nodes = new Map((profile.nodes as ProfileNode[]).map((p) => [p.id, p]));
  const self = new Map<string, number>();
  profile.samples!.forEach((id, i) => {
    const f = nodes.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|shared|scripts)\//, '$1/')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + profile.timeDeltas![i]! / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${((ms / total) * 100).toFixed(1).padStart(5)} %  ${(ms / ok).toFixed(3)} ms/SALE  ${k}`);
  console.log(`profile: ${values.out}`);
} finally {
  session.disconnect();
  await sink.close();
  await platform.stop();
}
