/**
 * The common middlewares (shared/entry/middleware/handler.ts): one invocation line with the latency and the noted ids, the
 * event never logged, a missing Lambda context tolerated, EMF metrics only when METRICS_ENABLED, by action and result.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The shared logger takes its level when first imported (test/support/read-logs.ts). The unit lane runs its files in
// shared workers (isolate: false, vitest.config.ts), where another file may have imported it at ERROR already: this
// file imports the platform's modules afresh, at DEBUG, and gives the level back after.
const levels = { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL, LOG_LEVEL: process.env.LOG_LEVEL };
let lambdaHandler: typeof import('../../../shared/entry/middleware/handler.js').lambdaHandler;
let telemetry: typeof import('../../../shared/lib/telemetry.js');
let resetConfig: typeof import('../../../shared/lib/config.js').resetConfig;
beforeAll(async () => {
  Object.assign(process.env, { POWERTOOLS_LOG_LEVEL: 'DEBUG', LOG_LEVEL: 'DEBUG' });
  vi.resetModules();
  ({ lambdaHandler } = await import('../../../shared/entry/middleware/handler.js'));
  telemetry = await import('../../../shared/lib/telemetry.js');
  ({ resetConfig } = await import('../../../shared/lib/config.js'));
});
afterAll(() => {
  for (const [name, level] of Object.entries(levels)) {
    if (level === undefined) delete process.env[name];
    else process.env[name] = level;
  }
  vi.resetModules();
});

const ENV = {
  TABLE_NAME: 't',
  CALLBACK_QUEUE_URL: 'q',
  KMS_KEY_ID: 'k',
  CARD_DATA_KMS_KEY_ID: 'k1',
  MERCHANT_SECRETS_KMS_KEY_ID: 'k2',
  WALLET_KEYS_KMS_KEY_ID: 'k3',
  PUBLIC_BASE_URL: 'https://pay.example',
};

/** Every line the invocation printed (Powertools writes through its own Console on process.stdout). */
async function printed(run: () => Promise<unknown>): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);
}

describe('lambdaHandler', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    Object.assign(process.env, ENV, { POWERTOOLS_LOG_LEVEL: 'INFO' });
    resetConfig();
  });
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
  });

  it('logs one invocation line with latency and the noted ids, never the event, and works without a Lambda context', async () => {
    const handler = lambdaHandler(
      'POST /post',
      async (event: { body: string }) => {
        telemetry.noteIds({ client_key: 'merchant-1', trans_id: 'pay-1' });
        return { statusCode: 200, echoed: event.body.length };
      },
      { summary: (res) => ({ statusCode: res?.statusCode }) },
    );
    const lines = await printed(() => handler({ body: 'card_number=4111111111111111' }));
    const line = lines.find((l) => l.message === 'invocation');
    expect(line).toMatchObject({
      handler: 'POST /post',
      statusCode: 200,
      client_key: 'merchant-1',
      trans_id: 'pay-1',
      function_name: 'POST /post',
    });
    expect(line!.latencyMs).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('4111111111111111');
    // Keys are reset when the invocation ends.
    const next = await printed(() => lambdaHandler('GET /health', async () => ({ statusCode: 200 }))());
    expect(next.find((l) => l.message === 'invocation')).not.toHaveProperty('client_key');
  });

  it('prints no metrics unless METRICS_ENABLED', async () => {
    const lines = await printed(() => lambdaHandler('POST /post', async () => telemetry.notePayment('SALE', 'SUCCESS'))());
    expect(lines.filter((l) => l._aws)).toEqual([]);
  });

  it('publishes EMF: latency per handler, payments by action and result, callback deliveries by outcome', async () => {
    process.env.METRICS_ENABLED = 'true';
    resetConfig();
    const lines = await printed(() =>
      lambdaHandler('POST /post', async () => {
        telemetry.notePayment('SALE', 'DECLINED');
        telemetry.noteDeliveries('retry', 2);
      })(),
    );
    const emf = lines.filter((l) => l._aws);
    const metric = (name: string) => emf.find((l) => l._aws.CloudWatchMetrics[0].Metrics.some((m: { Name: string }) => m.Name === name));
    expect(metric('Payments')).toMatchObject({
      action: 'SALE',
      result: 'DECLINED',
      Payments: 1,
      _aws: { CloudWatchMetrics: [{ Namespace: 'OpenPayments' }] },
    });
    expect(metric('CallbackDeliveries')).toMatchObject({ outcome: 'retry', CallbackDeliveries: 2 });
    expect(metric('Latency')).toMatchObject({ handler: 'POST /post', Latency: expect.any(Number) });
  });

  it('logs a failed invocation as failed and lets the error through (an event source retries it)', async () => {
    const handler = lambdaHandler('callback batch', async () => {
      throw new Error('boom');
    });
    let error: unknown;
    const lines = await printed(() => handler().catch((e: unknown) => (error = e)));
    expect((error as Error).message).toBe('boom');
    expect(lines.find((l) => l.message === 'invocation')).toMatchObject({ handler: 'callback batch', failed: true });
  });
});
