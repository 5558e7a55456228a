/**
 * SealedCardSweeper (EventBridge, every minute): deletes the sealed card of every hosted-fields session whose card
 * window passed — abandoned sessions included — instead of leaving it to DynamoDB's TTL, which can lag by days.
 * Reads already refuse an expired card (card-data.ts openCardData); this makes it gone.
 */
import type { Clock } from '../../ports/clock.js';
import type { SealedCards } from '../../ports/sealed-cards.js';

export interface SweepCardsContext {
  sealedCards: SealedCards;
  clock: Clock;
  batchSize: number;
  /** Batches per run; the next run (a minute later) takes the rest. */
  maxBatches: number;
}

export interface SweepCardsReport {
  dropped: number;
  /** Entries whose session changed meanwhile (paid, or a newer card): nothing to delete. */
  skipped: number;
}

export async function sweepSealedCards(ctx: SweepCardsContext): Promise<SweepCardsReport> {
  const report: SweepCardsReport = { dropped: 0, skipped: 0 };
  const now = ctx.clock.now().toISOString();
  for (let batch = 0; batch < ctx.maxBatches; batch++) {
    const entries = await ctx.sealedCards.expiredBefore(now, ctx.batchSize);
    for (const entry of entries) {
      if (await ctx.sealedCards.drop(entry, now)) report.dropped++;
      else report.skipped++;
    }
    if (entries.length < ctx.batchSize) break;
  }
  return report;
}
