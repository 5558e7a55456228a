/** EventBridge rate schedule: deletes hosted-fields sealed cards whose window passed (abandoned sessions). */
import { depsWithClock } from '../../shared/deps.js';
import { DynamoSealedCards } from '../../shared/adapters/dynamo-sealed-cards.js';
import { sweepSealedCards, type SweepCardsReport } from '../../shared/operations/hosted-fields/sweep-cards.js';
import { logger } from '../../shared/logger.js';

let sealedCards: { table: string; store: DynamoSealedCards } | undefined;

export async function handler(): Promise<SweepCardsReport> {
  const started = performance.now();
  const d = await depsWithClock({ force: true });
  if (sealedCards?.table !== d.config.TABLE_NAME) sealedCards = { table: d.config.TABLE_NAME, store: new DynamoSealedCards(d.config.TABLE_NAME) };
  const report = await sweepSealedCards({ sealedCards: sealedCards.store, clock: d.clock, batchSize: 100, maxBatches: 20 });
  logger.info('sealed card sweep', { ...report, latencyMs: Math.round(performance.now() - started) });
  return report;
}
