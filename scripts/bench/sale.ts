/**
 * Benchmark: S2S CARD SALE through the local gateway → handler → DynamoDB Local → SQS (moto), with autocannon.
 * `npm run bench -- [--seconds 10] [--connections 8]`. Reports throughput, latency percentiles and process memory.
 * Numbers are for the local emulators on this machine, not for AWS; use them to compare changes.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startPlatform } from '../local/platform.js';
import { deps } from '../../shared/deps.js';
import { createMerchant, createMid } from '../../shared/operations/admin/merchants.js';
import { encodeForm } from '../../shared/protocol/form.js';
import { formula1 } from '../../shared/protocol/signature.js';
import { logger } from '../../shared/logger.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '8' } } });

// Request logs would measure the terminal, not the platform.
logger.setLogLevel('ERROR');
const platform = await startPlatform({ port: 0, prefix: `bench${Date.now()}`, schedules: 'manual', extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' } });
try {
  const merchant = await createMerchant(deps(), { name: 'Bench' });
  await createMid(deps(), merchant.clientKey, {});
  const base = {
    action: 'SALE', client_key: merchant.clientKey, order_amount: '10.00', order_currency: 'USD', order_description: 'bench',
    card_number: '4111111111111111', card_exp_month: '01', card_exp_year: '2038', card_cvv2: '123', payer_first_name: 'A',
    payer_last_name: 'B', payer_email: 'doe@example.com', payer_phone: '1', payer_ip: '127.0.0.1', term_url_3ds: 'https://example.com/',
    hash: formula1({ email: 'doe@example.com', password: merchant.password, cardNumber: '4111111111111111' }),
  };
  let n = 0;
  const rssBefore = process.memoryUsage().rss;
  const result = await autocannon({
    url: `${platform.url}/post`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (req) => ({ ...req, body: encodeForm({ ...base, order_id: `bench-${++n}` }) }),
      },
    ],
  });
  const report = {
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    throughputPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    rssMb: { before: Math.round(rssBefore / 2 ** 20), after: Math.round(process.memoryUsage().rss / 2 ** 20) },
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  await platform.stop();
}
