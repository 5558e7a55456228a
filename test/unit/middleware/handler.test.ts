/**
 * The common middlewares (shared/middleware/handler.ts): one invocation line with the latency and the noted ids, the
 * event never logged, a missing Lambda context tolerated, EMF metrics only when METRICS_ENABLED, by action and result.
 */
// First: this file reads the logs, at DEBUG (see the module).
import '../../support/read-logs.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaHandler } from '../../../shared/middleware/handler.js';
import { noteDeliveries, noteIds, notePayment } from '../../../shared/telemetry.js';
import { resetConfig } from '../../../shared/config.js';

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
    const handler = lambdaHandler('POST /post', async (event: { body: string }) => {
      noteIds({ client_key: 'merchant-1', trans_id: 'pay-1' });
      return { statusCode: 200, echoed: event.body.length };
    }, { summary: (res) => ({ statusCode: res?.statusCode }) });
    const lines = await printed(() => handler({ body: 'card_number=4111111111111111' }));
    const line = lines.find((l) => l.message === 'invocation');
    expect(line).toMatchObject({ handler: 'POST /post', statusCode: 200, client_key: 'merchant-1', trans_id: 'pay-1', function_name: 'POST /post' });
    expect(line!.latencyMs).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('4111111111111111');
    // Keys are reset when the invocation ends.
    const next = await printed(() => lambdaHandler('GET /health', async () => ({ statusCode: 200 }))());
    expect(next.find((l) => l.message === 'invocation')).not.toHaveProperty('client_key');
  });

  it('prints no metrics unless METRICS_ENABLED', async () => {
    const lines = await printed(() => lambdaHandler('POST /post', async () => notePayment('SALE', 'SUCCESS'))());
    expect(lines.filter((l) => l._aws)).toEqual([]);
  });

  it('publishes EMF: latency per handler, payments by action and result, callback deliveries by outcome', async () => {
    process.env.METRICS_ENABLED = 'true';
    resetConfig();
    const lines = await printed(() =>
      lambdaHandler('POST /post', async () => {
        notePayment('SALE', 'DECLINED');
        noteDeliveries('retry', 2);
      })(),
    );
    const emf = lines.filter((l) => l._aws);
    const metric = (name: string) => emf.find((l) => l._aws.CloudWatchMetrics[0].Metrics.some((m: { Name: string }) => m.Name === name));
    expect(metric('Payments')).toMatchObject({ action: 'SALE', result: 'DECLINED', Payments: 1, _aws: { CloudWatchMetrics: [{ Namespace: 'OpenPayments' }] } });
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
