/**
 * The cost model at one payment per batch (a merchant at low volume: each consumer invoked for this payment alone),
 * from what `--only writes` measured for one SALE with its callback: write and read units, SQS requests and Lambda
 * async invokes counted, invocations per function. The Lambda-duration and X-Ray lines depend on the machine's load
 * (the local handlers' wall time) and on a rate; `quietMs` prices the duration with a quiet machine's handler times.
 *
 * `npx tsx bench/src/one-payment-cost.ts RESULT.json [RESULT.json …]` prices saved `--only writes` results alike,
 * so runs of two commits (one without this file) compare on one model.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { costModel, type CostModel } from './cost.js';
import { ROUTES } from '../../shared/entry/routes/index.js';
import { stageSettings } from '../../infra/stages.js';

export interface OnePayment {
  writeUnits: number;
  readUnits: number;
  sqsRequests: number;
  asyncInvokes?: number;
  kmsRequests: number;
  lambdaMs: Record<string, number>;
  invocations: Record<string, number>;
  writeUnitsByFunction?: Record<string, number>;
}

/** Handler times on a quiet machine (bench/cost.md, 2026-12-07): what the duration line is priced with by default. */
export const QUIET_MS: Record<string, number> = { S2sCardPost: 53, OutboxStream: 9, CallbackDeliver: 44, PaymentChanges: 40 };

/** The rate X-Ray's sampling is priced at (1 a second + 5 %): the steady run's reference rate, as bench/cost.md's tables. */
export const PRICED_RATE = 72;

/** The ledger's journal writes (PaymentChanges' writes beyond the dashboard counters'), shown as their own line. */
export function ledgerUnits(p: OnePayment, counterUnits = 2): number {
  return Math.max(0, (p.writeUnitsByFunction?.PaymentChanges ?? 0) - counterUnits);
}

export function onePaymentCost(p: OnePayment, opts: { quietMs?: Record<string, number>; withoutUnits?: number } = {}): CostModel {
  const fns = Object.fromEntries(
    Object.entries(p.invocations).map(([fn, invocations]) => {
      const measured = (p.lambdaMs[fn] ?? 0) / Math.max(1, invocations);
      return [fn, { invocations: Math.max(1, invocations), ms: opts.quietMs?.[fn] ?? measured }];
    }),
  );
  return costModel({
    writeUnits: p.writeUnits - (opts.withoutUnits ?? 0),
    readUnits: p.readUnits,
    sqsRequests: p.sqsRequests,
    asyncInvokes: p.asyncInvokes ?? 0,
    kmsRequests: p.kmsRequests,
    functions: fns,
    lambdaMemoryMb: 512,
    traced: ROUTES.map((r) => r.id),
    platformLogs: stageSettings('prod').lambda.platformLogs,
    ratePerSecond: PRICED_RATE,
    batches: 'one payment per batch',
  });
}

/** The lines that do not depend on the machine's load: all but Lambda's duration and X-Ray's (rate) share. */
export function loadIndependent(c: CostModel): number {
  return Math.round((c.perMillion - (c.lines.lambdaDuration ?? 0) - (c.lines.xray ?? 0)) * 100) / 100;
}

export function describeOnePayment(p: OnePayment): string {
  const ledger = ledgerUnits(p);
  const quiet = onePaymentCost(p, { quietMs: QUIET_MS });
  const without = onePaymentCost(p, { quietMs: QUIET_MS, withoutUnits: ledger });
  const measured = onePaymentCost(p);
  return [
    `one SALE with its callback, one payment per batch: ${p.writeUnits.toFixed(2)} write units (the ledger's journal ${ledger.toFixed(2)}), ` +
      `${Object.values(p.invocations)
        .reduce((a, b) => a + Math.max(1, b), 0)
        .toFixed(2)} invocations, ${p.sqsRequests.toFixed(2)} SQS requests, ` +
      `${(p.asyncInvokes ?? 0).toFixed(2)} Lambda async invokes`,
    `  lines (quiet handler times): ${Object.entries(quiet.lines)
      .map(([k, v]) => `${k} $${v.toFixed(2)}`)
      .join(', ')}`,
    `  with the ledger's journal: $${quiet.perMillion.toFixed(2)} (load-independent $${loadIndependent(quiet).toFixed(2)}); ` +
      `without it: $${without.perMillion.toFixed(2)} (load-independent $${loadIndependent(without).toFixed(2)}); the ledger's line $${(quiet.perMillion - without.perMillion).toFixed(2)}`,
    `  with this run's handler times (${Object.entries(p.lambdaMs)
      .map(([fn, ms]) => `${fn} ${(ms / Math.max(1, p.invocations[fn] ?? 1)).toFixed(0)} ms`)
      .join(', ')}): $${measured.perMillion.toFixed(2)}`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const file of process.argv.slice(2)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { commit?: string; paymentWithCallback: OnePayment };
    console.log(`${file} (${saved.commit ?? '?'})\n${describeOnePayment(saved.paymentWithCallback)}\n`);
  }
}
