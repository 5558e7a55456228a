/**
 * One autocannon run against a route, with the platform's CPU time over the run (and over any drain after it).
 * autocannon runs in its own process (load-process.ts), so this process's CPU is the platform's alone (gateway,
 * handlers, SDK, pollers); the load generator's is reported beside it.
 */
import { forkModule, endChild } from './child-process.js';

export interface LoadSpec {
  url: string;
  connections: number;
  /** Duration, unless `amount` is given. */
  seconds: number;
  /** Stop after this many requests. */
  amount?: number;
  /** Requests per second from all connections together (open loop); unlimited when absent. */
  overallRate?: number;
  /** The request body; `placeholder` in it is replaced by a fresh value per request (an order id). */
  body: string;
  placeholder?: string;
  prefix?: string;
}

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  /**
   * The platform's node CPU (user + system) from the start of the run to the end of `drain`, in ms: this process's,
   * plus the function processes' when the event-driven functions run apart (function-processes.ts).
   */
  cpuMs: number;
  /** Of cpuMs: this process's (gateway, request functions, the local stand-ins for the event sources), and each function process's. */
  cpuBy: Record<string, number>;
  /** The load generator's own CPU over the run, in ms (not in cpuMs). */
  loadCpuMs: number;
  /** Wall time from the start of the run to the end of `drain`, in s. */
  wallSeconds: number;
  /** Wall time of the requests alone, and of the drain after them, in s. */
  loadSeconds: number;
  drainSeconds: number;
}

export async function runLoad(
  opts: LoadSpec & {
    /** Waits for the work the requests left behind (their callbacks) before the CPU clock stops. */
    drain?: (requests: number) => Promise<void>;
    /** CPU so far of the platform's other processes, by name (the function processes' when they run apart). */
    otherCpuMs?: () => Promise<Record<string, number>>;
  },
): Promise<LoadResult> {
  const { drain, otherCpuMs, ...spec } = opts;
  const child = await forkModule(new URL('./load-process.ts', import.meta.url));
  try {
    const othersBefore = (await otherCpuMs?.()) ?? {};
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await new Promise<Omit<LoadResult, 'cpuMs' | 'wallSeconds' | 'loadSeconds' | 'drainSeconds'>>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
      child.send(spec);
    });
    const loaded = performance.now();
    await drain?.(result.requests - result.non2xx);
    const used = process.cpuUsage(cpu);
    const ended = performance.now();
    const others = Object.entries((await otherCpuMs?.()) ?? {}).map(([name, ms]) => [name, ms - (othersBefore[name] ?? 0)] as const);
    const cpuBy = { platform: (used.user + used.system) / 1000, ...Object.fromEntries(others) };
    return {
      ...result,
      cpuMs: Object.values(cpuBy).reduce((a, b) => a + b, 0),
      cpuBy,
      wallSeconds: (ended - started) / 1000,
      loadSeconds: (loaded - started) / 1000,
      drainSeconds: (ended - loaded) / 1000,
    };
  } finally {
    child.removeAllListeners('exit');
    await endChild(child);
  }
}

/** The same work without HTTP: `work` in `connections` concurrent loops for `seconds`; completed per second, and this process's CPU. */
export async function runDirect(opts: {
  connections: number;
  seconds: number;
  work: () => Promise<void>;
}): Promise<{ perSecond: number; done: number; cpuMs: number }> {
  const until = performance.now() + opts.seconds * 1000;
  let done = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < until) {
        await opts.work();
        done++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { perSecond: done / ((performance.now() - started) / 1000), done, cpuMs: (used.user + used.system) / 1000 };
}

/** The platform's CPU with no requests (pollers and timers alone), in ms per second of wall time. */
export async function idleCpu(seconds: number): Promise<number> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / ((performance.now() - started) / 1000);
}
