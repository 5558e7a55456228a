/**
 * Runs one target with fast-check against a running platform: every answer is checked by the oracle, /health is
 * probed along the way, and a failure comes back shrunk, with the platform's error log lines of that case.
 */
import fc from 'fast-check';
import type { FuzzFixtures } from './fixtures.js';
import { violation } from './oracle.js';
import { describeRequest, send, type FuzzRequest } from './request.js';
import type { FuzzTarget } from './target.js';

/** Error log lines written while a case ran (the script taps stdout/stderr; tests may pass nothing). */
export interface LogTap {
  clear(): void;
  take(): string[];
}

export interface TargetResult {
  name: string;
  /** Cases run before any failure (shrinking attempts not included). */
  runs: number;
  /** HTTP status → count over all cases sent, shrinking included. */
  statuses: Record<number, number>;
  /** Answers refusing the hash: the rest reached validation or the operation itself. */
  hashRefused: number;
  ms: number;
  failure?: { reason: string; request: FuzzRequest; shrinks: number; seed: number; path?: string };
}

const HEALTH_EVERY = 25;

export async function fuzzTarget(
  target: FuzzTarget,
  fx: FuzzFixtures,
  opts: { numRuns: number; seed?: number; logs?: LogTap },
): Promise<TargetResult> {
  const result: TargetResult = { name: target.name, runs: 0, statuses: {}, hashRefused: 0, ms: 0 };
  const started = Date.now();
  let sent = 0;
  const property = fc.asyncProperty(target.requests(fx), async (req) => {
    opts.logs?.clear();
    const res = await send(fx.baseUrl, req);
    sent++;
    result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1;
    if (/Hash is not valid/.test(res.text)) result.hashRefused++;
    const broken = violation(target.family, res);
    if (broken) {
      const logs = opts.logs?.take() ?? [];
      throw new Error(
        `${broken}; answer: ${res.status} ${res.contentType} ${res.text.slice(0, 300)}${logs.length ? `\nplatform log:\n${logs.join('\n').slice(0, 3000)}` : ''}`,
      );
    }
    if (sent % HEALTH_EVERY === 0) {
      const health = await send(fx.baseUrl, { method: 'GET', path: '/health', headers: {} });
      const down = violation('health', health);
      if (down) throw new Error(`after this case ${down}`);
    }
  });
  const details = await fc.check(property, { numRuns: opts.numRuns, seed: opts.seed });
  result.ms = Date.now() - started;
  result.runs = details.failed ? details.numRuns : opts.numRuns;
  if (details.failed && details.counterexample) {
    result.failure = {
      reason: details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance),
      request: details.counterexample[0] as FuzzRequest,
      shrinks: details.numShrinks,
      seed: details.seed,
      path: details.counterexamplePath ?? undefined,
    };
  } else if (details.failed) {
    result.failure = {
      reason: String(details.errorInstance ?? 'fast-check run failed without a counterexample'),
      request: { method: 'GET', path: '', headers: {} },
      shrinks: 0,
      seed: details.seed,
    };
  }
  return result;
}

export function describeFailure(r: TargetResult): string {
  if (!r.failure) return `${r.name}: ok`;
  return `${r.name}: FAILED after ${r.runs} case(s), shrunk ${r.failure.shrinks} time(s) (seed ${r.failure.seed}, path ${r.failure.path ?? '-'})\n  ${describeRequest(r.failure.request)}\n  → ${r.failure.reason.replace(/\n/g, '\n    ')}`;
}
