/**
 * The load generator's process (forked by load.ts): one autocannon run per message, answered with autocannon's
 * figures and this process's own CPU time, which is the load generator's and not the platform's.
 */
import autocannon from 'autocannon';
import type { LoadSpec } from './load.js';

process.on('message', async (spec: LoadSpec) => {
  let n = 0;
  const tag = Math.random().toString(36).slice(2, 8);
  const body = () => (spec.placeholder ? spec.body.replace(spec.placeholder, `${spec.prefix ?? 'load'}-${tag}-${++n}`) : spec.body);
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds }),
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (req) => ({ ...req, body: body() }),
      },
    ],
  });
  const used = process.cpuUsage(cpu);
  process.send!({
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    loadCpuMs: (used.user + used.system) / 1000,
  });
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
