/** EventBridge rate schedule: deletes hosted-fields sealed cards whose window passed (abandoned sessions). */
import { composition } from '../../shared/composition/compose.js';
import { withFreshClock } from '../../shared/composition/fresh-clock.js';
import { clock, config } from '../../shared/composition/core.js';
import { sealedCards } from '../../shared/composition/sweepers.js';
import { sweepSealedCards } from '../../shared/operations/hosted-fields/sweep-cards.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

const ports = composition({ config, clock, sealedCards });

export const handler = lambdaHandler(
  'sealed card sweep',
  async () => {
    const d = await withFreshClock(ports(), { force: true });
    return sweepSealedCards({ sealedCards: d.sealedCards, clock: d.clock, batchSize: 100, maxBatches: 20 });
  },
  { summary: (report) => ({ ...report }) },
);
