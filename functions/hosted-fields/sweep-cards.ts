/** EventBridge rate schedule: deletes hosted-fields sealed cards whose window passed (abandoned sessions). */
import { depsWithClock } from '../../shared/deps.js';
import { sweepSealedCards, type SweepCardsReport } from '../../shared/operations/hosted-fields/sweep-cards.js';
import { logger } from '../../shared/logger.js';

export async function handler(): Promise<SweepCardsReport> {
  const started = performance.now();
  const d = await depsWithClock({ force: true });
  const report = await sweepSealedCards({ sealedCards: d.sealedCards, clock: d.clock, batchSize: 100, maxBatches: 20 });
  logger.info('sealed card sweep', { ...report, latencyMs: Math.round(performance.now() - started) });
  return report;
}
