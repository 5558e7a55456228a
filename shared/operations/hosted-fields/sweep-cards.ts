/**
 * SealedCardSweeper (EventBridge, every minute): deletes the sealed card of every hosted-fields session whose card
 * window passed — abandoned sessions included — instead of leaving it to DynamoDB's TTL, which can lag by days.
 * Reads already refuse an expired card (card-data.ts openCardData); this makes it gone.
 */
import type { Clock } from '../../ports/clock.js';
import type { SealedCards } from '../../ports/sealed-cards.js';
import { latestNow } from '../clock/merchant-clocks.js';

export interface SweepCardsContext {
  sealedCards: SealedCards;
  clock: Clock;
  /** In a sandbox, the merchant of a card's session: its window closes by that merchant's test clock. */
  merchantOf?: (tokenHash: string) => Promise<string | undefined>;
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
  // A sandbox: up to the latest merchant's time, each card then by its own merchant's (docs/test-clock.md).
  const bound = (await latestNow(ctx)).toISOString();
  for (let batch = 0; batch < ctx.maxBatches; batch++) {
    const entries = await ctx.sealedCards.expiredBefore(bound, ctx.batchSize);
    let dropped = 0;
    for (const entry of entries) {
      const now = await nowFor(ctx, entry.tokenHash);
      if (entry.cardExpiresAt > now) continue;
      if (await ctx.sealedCards.drop(entry, now)) dropped++;
      else report.skipped++;
    }
    report.dropped += dropped;
    // A batch that dropped nothing holds only cards still open for their merchants (or already gone): done for now.
    if (entries.length < ctx.batchSize || dropped === 0) break;
  }
  return report;
}

async function nowFor(ctx: SweepCardsContext, tokenHash: string): Promise<string> {
  const clientKey = ctx.clock.forMerchant && ctx.merchantOf ? await ctx.merchantOf(tokenHash) : undefined;
  const clock = clientKey ? await ctx.clock.forMerchant!(clientKey) : ctx.clock;
  return clock.now().toISOString();
}
