/** Every 1 min — deletes hosted-fields sealed cards whose window passed (abandoned sessions). */
import { composition } from '../../shared/entry/composition/compose.js';
import { SWEEP_PORTS } from './ports.js';
import { withFreshClock } from '../../shared/entry/composition/fresh-clock.js';
import { sweepSealedCards } from '../../shared/operations/hosted-fields/sweep-cards.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(SWEEP_PORTS);

export const handler = lambdaHandler(
  'sealed card sweep',
  async () => {
    const d = await withFreshClock(ports(), { force: true });
    // A sandbox's cards close by their session's merchant's test clock: the session names the merchant.
    const merchantOf = async (tokenHash: string) => (await d.checkoutSessions.getByTokenHash(tokenHash))?.clientKey;
    return sweepSealedCards({ sealedCards: d.sealedCards, clock: d.clock, merchantOf, batchSize: 100, maxBatches: 20 });
  },
  { summary: (report) => ({ ...report }) },
);
