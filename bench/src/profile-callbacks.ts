/**
 * `npx tsx bench/src/profile-callbacks.ts [--rate 35] [--seconds 10] [--connections 8] [--out file.cpuprofile]`
 *
 * Where a SALE with its callback spends the platform's node CPU, by who runs it: each function (the SALE's, the
 * table-stream consumers, the callback consumer), the local stand-ins for AWS's event sources (the queue and stream
 * pollers: Lambda's event-source mappings, which cost a function no CPU on AWS), and the rest (the local gateway's
 * HTTP, timers). SALEs come at a steady rate from a child process and every callback is awaited. The time of each
 * synchronous slice is charged to the invocation or stand-in whose async context it runs in (async_hooks), which
 * slows everything by a fifth or so: read the shares, not the absolute figures. A V8 profile of the same run lists
 * the functions with the most self time.
 */
import { createHook } from 'node:async_hooks';
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';

process.env.LOG_LEVEL = process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
const { startPlatform } = await import('../../scripts/local/platform.js');
const { currentInvocation, currentStandIn } = await import('../../scripts/local/invocations.js');
const { startCallbackSink } = await import('./callback-sink.js');
const { benchMerchant, saleTemplate } = await import('./requests.js');
const { runLoad } = await import('./load.js');

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '35' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    out: { type: 'string', default: '.local/bench/callbacks.cpuprofile' },
    'no-hooks': { type: 'boolean', default: false },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Synchronous time per owner: the invocation's function, the stand-in, or the rest. */
const spent = new Map<string, number>();
const starts: [number, string][] = [];
const owner = () => currentInvocation()?.functionName ?? (currentStandIn() ? `stand-in: ${currentStandIn()}` : 'gateway, timers, other');
let measuring = false;
const hook = createHook({
  before() {
    if (measuring) starts.push([performance.now(), owner()]);
  },
  after() {
    const s = starts.pop();
    if (!s) return;
    const ms = performance.now() - s[0];
    spent.set(s[1], (spent.get(s[1]) ?? 0) + ms);
    // A nested slice's time is not its parent's too.
    if (starts.length) starts[starts.length - 1]![0] += ms;
  },
});

const platform = await startPlatform({
  port: 0,
  prefix: `profcb${Date.now()}`,
  schedules: 'manual',
  batchingWindows: true,
  extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR', TEST_CLOCK: 'false' },
});
const sink = await startCallbackSink();
const session = new Session();
try {
  const merchant = await benchMerchant('Profiled callbacks', sink.url);
  const body = saleTemplate(merchant);
  const run = async (seconds: number) => {
    const before = sink.received();
    return runLoad({
      url: `${platform.url}/post`,
      connections: Number(values.connections),
      seconds,
      overallRate: Number(values.rate),
      ...body,
      drain: async (ok) => void (await sink.waitFor(before + ok, 120_000)),
    });
  };
  await run(2);
  if (!values['no-hooks']) hook.enable();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  measuring = true;
  const load = await run(Number(values.seconds));
  measuring = false;
  const { profile } = await session.post('Profiler.stop');
  hook.disable();
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, JSON.stringify(profile));
  const ok = load.requests - load.non2xx;
  console.log(
    `${ok} SALEs at ${values.rate}/s with their callbacks: node CPU ${(load.cpuMs / ok).toFixed(2)} ms per SALE + callback (profiled)`,
  );
  const attributed = [...spent.values()].reduce((a, b) => a + b, 0);
  if (attributed) {
    console.log(
      `\nBy owner (synchronous time; ${((attributed / load.cpuMs) * 100).toFixed(0)} % of the process's CPU, the rest is GC, I/O and hooks):`,
    );
    for (const [k, ms] of [...spent].sort((a, b) => b[1] - a[1]))
      console.log(`${((ms / attributed) * 100).toFixed(1).padStart(5)} %  ${(ms / ok).toFixed(3)} ms/SALE  ${k}`);
  }
  const nodes = new Map((profile.nodes as ProfileNode[]).map((p) => [p.id, p]));
  const self = new Map<string, number>();
  profile.samples!.forEach((id, i) => {
    const f = nodes.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|shared|scripts|functions)\//, '$1/')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + profile.timeDeltas![i]! / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log('\nSelf time (V8 profile):');
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${((ms / total) * 100).toFixed(1).padStart(5)} %  ${(ms / ok).toFixed(3)} ms/SALE  ${k}`);
  console.log(`profile: ${values.out}`);
} finally {
  session.disconnect();
  await sink.close();
  await platform.stop();
}
