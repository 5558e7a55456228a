/**
 * Every 60 min — closes each merchant's settlement batches of its yesterday (on its own clock). Hourly, so
 * every merchant's day is settled within the hour after its grace whatever its test clock; a batch closed before is
 * left unchanged, so the other runs of the day write nothing.
 */
import { composition } from '../../shared/entry/composition/compose.js';
import { SETTLE_PORTS } from './ports.js';
import { feeSchedules, ledger, settlements } from '../../shared/entry/composition/ledger.js';
import { runSettlements } from '../../shared/operations/ledger/settle.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(SETTLE_PORTS);

export const handler = lambdaHandler(
  'settlements run',
  async () => {
    const days = await runSettlements(ports(), { ledger: ledger(), settlements: settlements(), feeSchedules: feeSchedules() });
    return { merchants: days.length, closed: days.reduce((n, d) => n + d.closed.length, 0) };
  },
  { summary: (r) => ({ ...r }) },
);
