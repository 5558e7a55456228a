/** Setting and reading fee schedules (admin CLI `fees set|show`, docs/ledger.md "Fees"). */
import type { Deps } from '../deps.js';
import { DEFAULT_FEES, parseFeeSchedule, type FeeSchedule } from '../../domain/ledger/fees.js';
import type { FeeSchedules } from '../../ports/ledger.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { UnknownMerchantError } from '../routing/manage.js';

/**
 * Validates the file and stores it as the merchant's schedule (or the platform default's, scope `default`); throws
 * FeeScheduleError naming every problem, and writes nothing then. `alongside`: a console change's audit entry.
 */
export async function setFees(
  d: Pick<Deps, 'merchants' | 'clock'>,
  fees: FeeSchedules,
  scope: string,
  input: unknown,
  opts: Alongside = {},
): Promise<FeeSchedule> {
  if (scope !== DEFAULT_FEES && !(await d.merchants.get(scope))) throw new UnknownMerchantError();
  const schedule = { ...parseFeeSchedule(input), updatedAt: d.clock.now().toISOString() };
  await fees.put(scope, schedule, opts);
  return schedule;
}

export async function showFees(
  d: Pick<Deps, 'merchants'>,
  fees: FeeSchedules,
  scope: string,
): Promise<FeeSchedule | { rules: []; note: string }> {
  if (scope !== DEFAULT_FEES && !(await d.merchants.get(scope))) throw new UnknownMerchantError();
  return (
    (await fees.get(scope)) ?? {
      rules: [],
      note:
        scope === DEFAULT_FEES
          ? 'No default fees: merchants without a matching rule pay none.'
          : "No fee schedule: the platform's default applies (fees show default).",
    }
  );
}
