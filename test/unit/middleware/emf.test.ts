/**
 * The platform's EMF lines (shared/middleware/emf.ts) are the lines Powertools Metrics wrote for the same
 * invocations: the same blobs, keys in the same order, the cold-start metric once per on-demand container, nothing
 * when Powertools' switches turn metrics off. Only the timestamps differ.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmfMetrics } from '../../../shared/middleware/emf.js';

interface Invocation {
  handler: string;
  latency?: number;
  payments: [string, string][];
  deliveries: Record<string, number>;
}

const RUNS: Invocation[] = [
  { handler: 'POST /post', latency: 12.5, payments: [['SALE', 'DECLINED'], ['SALE', 'SUCCESS']], deliveries: { retry: 2, delivered: 1 } },
  { handler: 'POST /post', latency: 3, payments: [], deliveries: {} },
  { handler: 'callback batch', payments: [], deliveries: { failed: 1 } },
];

function lines(run: () => void): unknown[] {
  const out: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    out.push(String(chunk));
    return true;
  });
  // Powertools prints through a Console of its own in Lambda, the global console elsewhere.
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(`${args.join(' ')}\n`));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    run();
  } finally {
    spy.mockRestore();
    log.mockRestore();
    warn.mockRestore();
  }
  return out
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l.replace(/"Timestamp":\d+/, '"Timestamp":0')) as unknown);
}

/** What shared/middleware/metrics.ts did with Powertools Metrics (captureColdStartMetric, then the notes, then publish). */
function powertools(runs: Invocation[]): unknown[] {
  return lines(() => {
    const m = new Metrics({ namespace: 'OpenPayments', serviceName: 'payments' });
    for (const r of runs) {
      m.captureColdStartMetric('fn-name');
      m.addDimension('handler', r.handler);
      if (r.latency !== undefined) m.addMetric('Latency', MetricUnit.Milliseconds, r.latency);
      for (const [action, result] of r.payments) {
        const single = m.singleMetric();
        single.addDimensions({ action, result });
        single.addMetric('Payments', MetricUnit.Count, 1);
      }
      for (const [outcome, count] of Object.entries(r.deliveries)) {
        const single = m.singleMetric();
        single.addDimension('outcome', outcome);
        single.addMetric('CallbackDeliveries', MetricUnit.Count, count);
      }
      m.publishStoredMetrics();
    }
  });
}

function ours(runs: Invocation[]): unknown[] {
  return lines(() => {
    const m = new EmfMetrics('OpenPayments', 'payments');
    for (const r of runs) {
      m.coldStartOnce('fn-name');
      m.addDimension('handler', r.handler);
      if (r.latency !== undefined) m.add('Latency', 'Milliseconds', r.latency);
      for (const [action, result] of r.payments) m.single({ action, result }, 'Payments', 'Count', 1);
      for (const [outcome, count] of Object.entries(r.deliveries)) m.single({ outcome }, 'CallbackDeliveries', 'Count', count);
      m.publish();
    }
  });
}

describe('EMF lines', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it.each([
    ['on demand', { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' }],
    ['provisioned', { AWS_LAMBDA_INITIALIZATION_TYPE: 'provisioned-concurrency' }],
    ['outside Lambda', {}],
    ['function name from the environment', { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand', POWERTOOLS_METRICS_FUNCTION_NAME: 'named' }],
    ['disabled', { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand', POWERTOOLS_METRICS_DISABLED: 'true' }],
    ['dev mode', { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand', POWERTOOLS_DEV: '1' }],
    ['dev mode, metrics enabled', { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand', POWERTOOLS_DEV: 'true', POWERTOOLS_METRICS_DISABLED: 'false' }],
  ])('%s: the lines Powertools wrote', (_name, env: Record<string, string>) => {
    for (const k of ['AWS_LAMBDA_INITIALIZATION_TYPE', 'POWERTOOLS_METRICS_FUNCTION_NAME', 'POWERTOOLS_METRICS_DISABLED', 'POWERTOOLS_DEV']) delete process.env[k];
    Object.assign(process.env, env);
    const expected = powertools(RUNS);
    expect(ours(RUNS)).toEqual(expected);
    if (!env.POWERTOOLS_METRICS_DISABLED && !env.POWERTOOLS_DEV) expect(expected.length).toBeGreaterThan(5);
  });
});
