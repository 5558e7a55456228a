/**
 * `npm run fuzz -- [--runs 10000] [--seed N] [--only TEXT] [--report file.json]`
 * Starts the local platform on its own emulators (DynamoDB Local + moto, like `npm start`, all in memory), then drives
 * every public route with generated requests (test/fuzz) and checks that no answer is a 5xx, /health stays 200 and
 * every error is in the protocol's format. Prints per-endpoint counts and each failure with its shrunk counterexample;
 * exits 1 on any failure.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FuzzFixtures } from '../../test/fuzz/fixtures.js';
import type { LogTap, TargetResult } from '../../test/fuzz/harness.js';

// The platform's logger takes its level when first imported: only errors (the causes of 5xx) are wanted here.
process.env.LOG_LEVEL ??= 'ERROR';
process.env.POWERTOOLS_LOG_LEVEL ??= process.env.LOG_LEVEL;
const { startPlatform } = await import('../../scripts/local/platform.js');
const { createFixtures } = await import('../../test/fuzz/fixtures.js');
const { FUZZ_TARGETS, uncoveredActions, uncoveredRoutes } = await import('../../test/fuzz/endpoints.js');
const { describeFailure, fuzzTarget } = await import('../../test/fuzz/harness.js');
const { curlFor } = await import('../../test/fuzz/request.js');

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10000' }, seed: { type: 'string' }, only: { type: 'string' }, report: { type: 'string' } },
});
const totalRuns = Number(values.runs);
if (!Number.isInteger(totalRuns) || totalRuns < 1) throw new Error('--runs must be a positive integer');
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const targets = FUZZ_TARGETS.filter((t) => !values.only || t.name.includes(values.only));
const perTarget = Math.max(1, Math.ceil(totalRuns / targets.length));

/** Platform log lines at ERROR level (5xx causes) and crashes, kept so a failure can show what the platform said. */
const errorLines: string[] = [];
const tap: LogTap = { clear: () => void errorLines.splice(0), take: () => errorLines.splice(0) };
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (/"level":"ERROR"|handler failed|Error:/.test(text)) errorLines.push(text.trimEnd());
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
}
// A crash would end the process; record it as a finding instead and keep fuzzing.
const crashes: string[] = [];
process.on('uncaughtException', (err) => void crashes.push(`uncaughtException: ${err.stack ?? err}`));
process.on('unhandledRejection', (err) => void crashes.push(`unhandledRejection: ${(err as Error)?.stack ?? err}`));
// If the run stops awaiting (a crash left a promise unsettled), say so instead of ending silently with status 0.
let finished = false;
process.on('exit', () => {
  if (finished) return;
  process.exitCode = 1;
  console.log(`\nFuzz run ended early; crashes: ${crashes.join('\n') || 'none recorded'}`);
});

const missing = [...uncoveredRoutes(), ...uncoveredActions()];
if (missing.length) console.log(`Not covered by any target: ${missing.join(', ')}`);

console.log(`Starting the local platform (DynamoDB Local + moto)…`);
const platform = await startPlatform({
  port: 0,
  prefix: `fuzz${randomUUID().slice(0, 8)}`,
  schedules: 'manual',
  extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
});
const results: TargetResult[] = [];
const started = Date.now();
try {
  console.log(`Fuzzing ${targets.length} targets × ${perTarget} cases (seed ${seed}) on ${platform.url}`);
  let fixtures: FuzzFixtures | undefined;
  let group = '';
  for (const [i, target] of targets.entries()) {
    // Fresh fixtures per route group: earlier cases may have paid, voided or used them up.
    if (target.group !== group || !fixtures) {
      group = target.group;
      fixtures = await createFixtures(platform.url);
    }
    const r = await fuzzTarget(target, fixtures, { numRuns: perTarget, seed: seed + i, logs: tap });
    results.push(r);
    const statuses = Object.entries(r.statuses)
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    console.log(
      `${r.failure ? 'FAIL' : 'ok  '} ${r.name.padEnd(46)} ${String(r.runs).padStart(6)} cases ${String(r.ms).padStart(7)} ms  past hash ${pctOf(r)}  [${statuses}]`,
    );
  }
  const health = await fetch(`${platform.url}/health`);
  if (health.status !== 200) crashes.push(`/health answered ${health.status} at the end`);
} finally {
  await platform.stop();
}

function pctOf(r: TargetResult): string {
  const sent = Object.values(r.statuses).reduce((a, b) => a + b, 0);
  return `${String(Math.round((100 * (sent - r.hashRefused)) / Math.max(1, sent))).padStart(3)}%`;
}

const failures = results.filter((r) => r.failure);
const cases = results.reduce((a, r) => a + r.runs, 0);
console.log(
  `\n${cases} cases over ${results.length} targets in ${Math.round((Date.now() - started) / 1000)} s (seed ${seed}); ${failures.length} failing target(s), ${crashes.length} crash(es).`,
);
for (const r of failures) {
  console.log(`\n${describeFailure(r)}\n  replay: ${curlFor('http://127.0.0.1:3000', r.failure!.request).slice(0, 3000)}`);
}
for (const c of crashes) console.log(`\nCRASH ${c}`);
if (values.report) writeFileSync(values.report, JSON.stringify({ seed, cases, targets: results, crashes }, null, 2));
// exitCode, not exit(): exit() would drop the summary still buffered for a piped stdout.
process.exitCode = failures.length || crashes.length ? 1 : 0;
finished = true;
