/**
 * `npm run soak -- [--minutes 10] [--capacity-seconds 20] [--connections 8] [--rate N] [--out file.json]`
 *
 * Starts the local platform on its own emulators, measures its capacity (SALEs with callbacks), then sends
 * payments at 80 % of it (or --rate per second) with refunds and 3DS payments mixed in, and reconciles
 * (bench/soak/soak.ts). Exit 1 when anything does not reconcile.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { startPlatform } from '../../scripts/local/platform.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import { logger } from '../../shared/lib/logger.js';
import { startCallbackSink } from '../src/callback-sink.js';
import { measureCapacity, runSoak } from './soak.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'capacity-seconds': { type: 'string', default: '20' },
    connections: { type: 'string', default: '8' },
    rate: { type: 'string' },
    out: { type: 'string' },
  },
});
const started = Date.now();
const loadAtStart = loadavg()[0]!;
const progress = (line: string) => process.stderr.write(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}\n`);

logger.setLogLevel('ERROR');
progress('starting the local platform (DynamoDB Local, moto)');
// Five concurrent batches per queue, as Lambda's SQS mappings (and `npm start`): with one, the capacity measured was
// the single poller's (40.3 a second two days running), not the platform's.
const platform = await startPlatform({
  port: 0,
  prefix: `soak${Date.now()}`,
  schedules: 'interval',
  concurrentBatches: true,
  extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
});
const sink = await startCallbackSink();
let failed: boolean;
try {
  let capacity = Number.NaN;
  if (!values.rate) {
    progress(`measuring capacity: SALEs with callbacks, ${values.connections} connections, ${values['capacity-seconds']} s`);
    capacity = await measureCapacity(platform, sink, Number(values['capacity-seconds']), Number(values.connections));
  }
  const rate = values.rate ? Number(values.rate) : Math.max(1, 0.8 * capacity);
  progress(`capacity ${capacity.toFixed(1)}/s; soaking at ${rate.toFixed(1)} payments/s for ${values.minutes} min`);
  const report = await runSoak({
    platform,
    sink,
    ratePerSecond: rate,
    capacityPerSecond: capacity,
    seconds: Number(values.minutes) * 60,
    settleSeconds: 120,
    progress,
  });
  const out = values.out ?? join(REPO_ROOT, '.local', 'soak', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ node: process.version, ...report }, null, 2));
  failed = report.failedRequests.length + report.problems.length + report.deadLetters + report.undetermined + report.duplicates > 0;
  console.log(
    [
      `Soak on node ${process.version}: ${report.sent} payments sent at ${rate.toFixed(1)}/s (capacity ${capacity.toFixed(1)}/s) for ${values.minutes} min`,
      `  accepted ${report.accepted}, failed requests ${report.failedRequests.length}`,
      `  callbacks delivered ${report.callbacksDelivered} of ${report.callbacksExpected}, duplicates ${report.duplicates}`,
      `  dead letters ${report.deadLetters}, undetermined payments ${report.undetermined}`,
      `  callback backlog at most ${report.maxBacklog}, last ones delivered ${report.drainSeconds.toFixed(1)} s after the requests`,
      `  machine load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end (2 cores, shared)`,
      `  reconciliation problems ${report.problems.length}${report.problems.length ? `:\n    ${report.problems.slice(0, 20).join('\n    ')}` : ''}`,
      ...report.failedRequests.slice(0, 10).map((f) => `  request failed: ${f}`),
      failed ? 'NOT CLEAN' : 'CLEAN',
      `JSON: ${out}`,
    ].join('\n'),
  );
} finally {
  await sink.close();
  await platform.stop();
}
process.exit(failed ? 1 : 0);
