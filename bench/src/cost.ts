/**
 * Cost of a million S2S SALEs with one callback each, at us-east-1 list prices (on-demand, no free tier).
 * The usage comes from the run: write/read units from DynamoDB's consumed capacity, SQS requests counted,
 * Lambda time from the local handlers' wall time (the local emulators are slower than DynamoDB, so this errs high).
 */
export const PRICES = {
  source:
    'us-east-1 list prices: DynamoDB on-demand, Lambda arm64, API Gateway HTTP API, SQS standard, X-Ray, KMS, CloudWatch Logs standard, data transfer out',
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  /** Provisioned capacity: one write unit a second for an hour. */
  dynamoWcuHour: 0.00065,
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  httpApiRequest: 1.0 / 1e6,
  sqsRequest: 0.4 / 1e6,
  xrayTraceRecorded: 5.0 / 1e6,
  /** CloudWatch Logs ingestion (standard class; Lambda's logs are vended logs at this price for the first 10 TB a month), per GB. */
  logsIngestedGb: 0.5,
  kmsRequest: 0.03 / 1e4,
  /** Data transfer out to the internet (the first 10 TB a month), per GB: the API's answers and the callbacks' POSTs. */
  dataTransferOutGb: 0.09,
} as const;

/**
 * One access log line per API request (infra/stacks/api.ts: the HTTP API stage's default format, CLF), e.g.
 * `203.0.113.7 - - [24/Nov/2026:15:33:09 +0000] "POST /post HTTP/1.1" 200 247 Vb1xJhXgIAMEb-Q=`, with its event's overhead.
 */
export const API_ACCESS_LOG_BYTES = 85 + 26;

/**
 * Bytes sent out per payment: the SALE's answer (~250 bytes of JSON with ~250 of response headers) and its callback's
 * POST (~500 bytes form-encoded with ~350 of request headers; the connection is kept alive, so no handshake each).
 */
export const DATA_OUT_BYTES_PER_PAYMENT = 500 + 850;

/** What CloudWatch Logs counts for each log event beside its text. */
export const LOG_EVENT_OVERHEAD_BYTES = 26;

/**
 * Lambda's own lines per invocation: START (~70 bytes), END (~52) and REPORT (~150; ~240 with the X-Ray line of a
 * traced one, more on a cold start), with their events' overhead. A live stage does not ingest them (its system log
 * level is WARN: infra/stages.ts platformLogs); `-c platformLogs=INFO` adds them back.
 */
export const LAMBDA_PLATFORM_LOG_BYTES = 350;

/**
 * The handler's bytes per invocation at LOG_LEVEL=INFO, measured by `npx tsx bench/src/log-bytes.ts` (one line
 * each: the invocation's; a delivery batch adds a line only for a retry or a failure). Other functions: the largest.
 */
export const HANDLER_LOG_BYTES: Record<string, number> = {
  S2sCardPost: 464,
  CallbackDeliver: 302,
  // The counters' consumer's measured line (296): the journals and counters' one consumer logs the same line, its
  // handler's name 3 characters shorter (not measured again, 2026-12-07).
  PaymentChanges: 296,
  OutboxStream: 279,
};
const handlerLogBytes = (fn: string) => HANDLER_LOG_BYTES[fn] ?? Math.max(...Object.values(HANDLER_LOG_BYTES));

export interface CostInput {
  writeUnits: number;
  readUnits: number;
  /**
   * SQS requests per payment: the messages sent to the callback queue (the stream consumer's SendMessageBatch, or
   * a waiting callback's SendMessage), and the event source's receive and delete per batch it delivered.
   */
  sqsRequests: number;
  /**
   * Lambda asynchronous invokes per payment (the callback's first attempt handed to its delivery without SQS): each
   * is billed as the invoked function's request, already in its invocations, and costs no SQS request.
   */
  asyncInvokes: number;
  /** KMS requests per payment, counted in the run. */
  kmsRequests: number;
  /** Per function: invocations per payment (1 ÷ the records per batch) and handler ms per invocation. */
  functions: Record<string, { invocations: number; ms: number }>;
  lambdaMemoryMb: number;
  /** Functions with Lambda's active tracing (the API routes'; infra/constructs/platform-function.ts). */
  traced: readonly string[];
  /** The stage's system log level: INFO ingests Lambda's START/END/REPORT lines, WARN does not. */
  platformLogs: 'INFO' | 'WARN';
  /** Payments a second: Lambda's sampling records 1 trace a second, then 5 %. */
  ratePerSecond: number;
  /** What the batch sizes are, for the assumptions printed. */
  batches: string;
}

/** X-Ray's sampling for Lambda: the first request each second, then 5 % of the rest. */
export function tracedShare(ratePerSecond: number): number {
  return ratePerSecond <= 1 ? 1 : (1 + 0.05 * (ratePerSecond - 1)) / ratePerSecond;
}

export interface CostModel {
  perMillion: number;
  lines: Record<string, number>;
  /**
   * The same writes on provisioned capacity kept 70 % busy (steady traffic, auto scaling; a stage deployed with
   * `-c tableCapacity=provisioned`, infra/table-capacity.ts): not in perMillion.
   */
  provisionedWrites70: number;
  assumptions: string[];
}

export function costModel(u: CostInput): CostModel {
  const M = 1e6;
  const fns = Object.entries(u.functions);
  const invocations = fns.reduce((a, [, f]) => a + f.invocations, 0);
  // Lambda bills each invocation's duration rounded up to the millisecond.
  const gbSeconds = fns.reduce((a, [, f]) => a + (f.invocations * Math.ceil(f.ms)) / 1000, 0) * (u.lambdaMemoryMb / 1024);
  const traces = fns.filter(([fn]) => u.traced.includes(fn)).reduce((a, [, f]) => a + f.invocations, 0) * tracedShare(u.ratePerSecond);
  const platformBytes = u.platformLogs === 'INFO' ? LAMBDA_PLATFORM_LOG_BYTES : 0;
  const logBytes = fns.reduce((a, [fn, f]) => a + f.invocations * (platformBytes + handlerLogBytes(fn)), 0);
  const platformLogCost = ((fns.reduce((a, [, f]) => a + f.invocations, 0) * LAMBDA_PLATFORM_LOG_BYTES * M) / 1e9) * PRICES.logsIngestedGb;
  const lines = {
    dynamodbWrites: u.writeUnits * PRICES.dynamoWriteUnit * M,
    dynamodbReads: u.readUnits * PRICES.dynamoReadUnit * M,
    lambdaRequests: invocations * PRICES.lambdaRequest * M,
    lambdaDuration: gbSeconds * PRICES.lambdaGbSecondArm * M,
    httpApi: PRICES.httpApiRequest * M,
    sqs: u.sqsRequests * PRICES.sqsRequest * M,
    xray: traces * PRICES.xrayTraceRecorded * M,
    cloudwatchLogs: ((logBytes * M) / 1e9) * PRICES.logsIngestedGb,
    apiAccessLogs: ((API_ACCESS_LOG_BYTES * M) / 1e9) * PRICES.logsIngestedGb,
    kms: u.kmsRequests * PRICES.kmsRequest * M,
    dataTransferOut: ((DATA_OUT_BYTES_PER_PAYMENT * M) / 1e9) * PRICES.dataTransferOutGb,
  };
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    perMillion: round2(Object.values(lines).reduce((a, b) => a + b, 0)),
    lines: Object.fromEntries(Object.entries(lines).map(([k, v]) => [k, round2(v)])),
    provisionedWrites70: round2(((u.writeUnits * M) / 3600 / 0.7) * PRICES.dynamoWcuHour),
    assumptions: [
      PRICES.source,
      `${u.writeUnits.toFixed(1)} write units and ${u.readUnits.toFixed(1)} read units per payment (consumed capacity, table + indexes; a transaction's index arms counted once, as DynamoDB bills them: bench/src/meter.ts billedWriteUnits)`,
      `${u.sqsRequests.toFixed(2)} SQS requests per payment (messages sent to the callback queue: the stream consumer's SendMessageBatch per 10, or a waiting callback's SendMessage; the event source's receive and DeleteMessageBatch per queue batch; idle long polls, ~0.65 million a month for 5 pollers, not counted)`,
      `${u.asyncInvokes.toFixed(2)} Lambda asynchronous invokes per payment (the callback's first attempt handed to CallbackDeliver: billed as its invocation's request, counted in its invocations; no SQS request)`,
      `Lambda: ${invocations.toFixed(2)} invocations per payment (${fns.map(([fn, f]) => `${fn} ${f.invocations.toFixed(2)} × ${f.ms.toFixed(0)} ms`).join(', ')}), ${u.lambdaMemoryMb} MB, local handler time; ${u.batches}`,
      `X-Ray: active tracing on the API routes' functions only (${fns
        .filter(([fn]) => u.traced.includes(fn))
        .map(([fn]) => fn)
        .join(
          ', ',
        )} here); at ${u.ratePerSecond.toFixed(1)} payments/s, 1 a second + 5 % = ${(tracedShare(u.ratePerSecond) * 100).toFixed(1)} % traced`,
      `CloudWatch Logs: ${u.platformLogs === 'INFO' ? `Lambda's ${LAMBDA_PLATFORM_LOG_BYTES} bytes per invocation + ` : `Lambda's START/END/REPORT lines not ingested (system log level WARN; -c platformLogs=INFO would add $${round2(platformLogCost)}); `}the handler's at INFO (bench/src/log-bytes.ts: ${Object.entries(
        HANDLER_LOG_BYTES,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}), ${logBytes.toFixed(0)} bytes per payment; storage and metrics not counted`,
      `API access logs: one line of ~${API_ACCESS_LOG_BYTES} bytes per request (the stage's default CLF format); KMS: ${u.kmsRequests.toFixed(2)} requests per payment counted (data keys opened once per container)`,
      `data transfer out: ~${DATA_OUT_BYTES_PER_PAYMENT} bytes per payment (the SALE's answer and its callback's POST, with headers) at $${PRICES.dataTransferOutGb}/GB`,
      'the stream reads Lambda makes are free; no free tier; storage not counted (~3.5 KB a payment with its callback and index entries: ~$0.90 a month per million payments kept, PITR ~$0.70 more)',
    ],
  };
}
