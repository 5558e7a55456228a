/** One autocannon run against a route, with the process's CPU time over the run (and over any drain after it). */
import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Node CPU (user + system) from the start of the run to the end of `drain`, in ms. */
  cpuMs: number;
  /** Wall time from the start of the run to the end of `drain`, in s. */
  wallSeconds: number;
}

export async function runLoad(opts: {
  url: string;
  connections: number;
  seconds: number;
  body: () => string;
  /** Waits for the work the requests left behind (their callbacks) before the CPU clock stops. */
  drain?: (requests: number) => Promise<void>;
}): Promise<LoadResult> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, setupRequest: (req) => ({ ...req, body: opts.body() }) }],
  });
  const ok = result.requests.total - result.non2xx;
  await opts.drain?.(ok);
  const used = process.cpuUsage(cpu);
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: (used.user + used.system) / 1000,
    wallSeconds: (performance.now() - started) / 1000,
  };
}

/** The same work without HTTP: `work` in `connections` concurrent loops for `seconds`; completed per second. */
export async function runDirect(opts: { connections: number; seconds: number; work: () => Promise<void> }): Promise<{ perSecond: number; done: number }> {
  const until = performance.now() + opts.seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < until) {
        await opts.work();
        done++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), done };
}
