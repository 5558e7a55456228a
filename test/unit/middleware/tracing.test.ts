/**
 * Sampled tracing (shared/middleware/tracing.ts): a sampled invocation sends one handler subsegment to the X-Ray
 * daemon's UDP address, under Lambda's trace header, with the noted ids and outcome as annotations and the error
 * when it failed; unsampled ones, and everything outside Lambda, send nothing. A real UDP socket stands in for the daemon.
 */
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaHandler } from '../../../shared/middleware/handler.js';
import { noteIds, notePayment } from '../../../shared/telemetry.js';
import { resetConfig } from '../../../shared/config.js';
import { daemonAddress, traceHeader } from '../../../shared/middleware/xray-segment.js';

const ENV = {
  TABLE_NAME: 't',
  CALLBACK_QUEUE_URL: 'q',
  KMS_KEY_ID: 'k',
  CARD_DATA_KMS_KEY_ID: 'k1',
  MERCHANT_SECRETS_KMS_KEY_ID: 'k2',
  WALLET_KEYS_KMS_KEY_ID: 'k3',
  PUBLIC_BASE_URL: 'https://pay.example',
  LOG_LEVEL: 'ERROR',
};
const ROOT = '1-67890abc-0123456789abcdef01234567';

let daemon: Socket;
let received: string[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  daemon = createSocket('udp4');
  daemon.on('message', (m) => received.push(m.toString()));
  await new Promise<void>((r) => daemon.bind(0, '127.0.0.1', r));
});
afterAll(() => daemon.close());
beforeEach(() => {
  received = [];
  Object.assign(process.env, ENV, {
    TRACE_SAMPLE_RATE: '1',
    _X_AMZN_TRACE_ID: `Root=${ROOT};Parent=53995c3f42cd8ad8;Sampled=1`,
    AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${(daemon.address() as AddressInfo).port}`,
  });
  resetConfig();
});
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
});

async function documents(count: number): Promise<Record<string, any>[]> {
  for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  return received.map((m) => {
    const [header, body] = m.split('\n');
    expect(JSON.parse(header!)).toEqual({ format: 'json', version: 1 });
    return JSON.parse(body!) as Record<string, any>;
  });
}

describe('sampled tracing', () => {
  it('sends the handler subsegment with the noted ids and outcome under Lambda trace', async () => {
    const handler = lambdaHandler('POST /post', async () => {
      noteIds({ client_key: 'ck-1', trans_id: 'tr-1' });
      notePayment('SALE', 'SUCCESS');
      return { statusCode: 200 };
    });
    await handler({});
    const [doc] = await documents(1);
    expect(doc).toMatchObject({
      type: 'subsegment',
      name: '## POST /post',
      trace_id: ROOT,
      parent_id: '53995c3f42cd8ad8',
      annotations: { client_key: 'ck-1', trans_id: 'tr-1', action: 'SALE', result: 'SUCCESS', Service: 'payments' },
    });
    expect(doc!.end_time).toBeGreaterThanOrEqual(doc!.start_time);
    expect(doc!.fault).toBeUndefined();
  });

  it('marks a failed invocation as a fault with the error', async () => {
    const handler = lambdaHandler('callback batch', async () => {
      throw new TypeError('boom');
    });
    await expect(handler({})).rejects.toThrow('boom');
    const [doc] = await documents(1);
    expect(doc).toMatchObject({ fault: true, cause: { exceptions: [{ type: 'TypeError', message: 'boom' }] } });
  });

  it('sends nothing when the rate, Lambda sampling or the environment says no', async () => {
    const handler = lambdaHandler('GET /x', async () => ({ statusCode: 200 }));
    process.env.TRACE_SAMPLE_RATE = '0';
    resetConfig();
    await handler({});
    process.env.TRACE_SAMPLE_RATE = '1';
    resetConfig();
    process.env._X_AMZN_TRACE_ID = `Root=${ROOT};Parent=53995c3f42cd8ad8;Sampled=0`;
    await handler({});
    delete process.env._X_AMZN_TRACE_ID;
    await handler({});
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([]);
  });

  it('reads both forms of the daemon address and the trace header', () => {
    expect(daemonAddress('169.254.79.129:2000')).toEqual({ host: '169.254.79.129', port: 2000 });
    expect(daemonAddress('tcp:127.0.0.1:2000 udp:127.0.0.2:2001')).toEqual({ host: '127.0.0.2', port: 2001 });
    expect(traceHeader('Root=1-a-b;Parent=c;Sampled=1;Lineage=x')).toEqual({ root: '1-a-b', parent: 'c', sampled: true });
    expect(traceHeader('Root=1-a-b')).toBeUndefined();
  });
});
