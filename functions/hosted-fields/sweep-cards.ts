/** EventBridge rate schedule: deletes hosted-fields sealed cards whose window passed (abandoned sessions). */
import { depsWithClock } from '../../shared/deps.js';
import { sweepSealedCards } from '../../shared/operations/hosted-fields/sweep-cards.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

export const handler = lambdaHandler(
  'sealed card sweep',
  async () => {
    const d = await depsWithClock({ force: true });
    return sweepSealedCards({ sealedCards: d.sealedCards, clock: d.clock, batchSize: 100, maxBatches: 20 });
  },
  { summary: (report) => ({ ...report }) },
);
