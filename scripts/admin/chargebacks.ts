/**
 * Admin CLI, chargebacks group (`npm run admin -- chargebacks <command>`), dispatched from scripts/admin/cli.ts.
 * `create` records what the "Chargeback Received" ops event records (same schema, same write). See docs/chargebacks.md.
 */
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { applyChargebackEvent } from '../../shared/operations/chargebacks/ops-event.js';
import { reverseChargeback, reversalSummary } from '../../shared/operations/chargebacks/reversal.js';
import { PlatformError } from '../../shared/domain/errors.js';

export const CHARGEBACKS_USAGE = `usage: npm run admin -- chargebacks <command>
  create TRANS_ID --amount 10.00 --reason-code 4837 [--bank-date YYYY-MM-DD]
      a chargeback on a SETTLED payment: status CHARGEBACK, CHARGEBACK callback to the merchant
  reverse TRANS_ID [--amount 3.00] [--reference REF]
      the chargeback reversed (the dispute was won), whole or --amount of it: that money goes back to the merchant's
      payable; each reversal once (the same --reference again is a duplicate), their sum never above the chargeback

example:
  npm run admin -- chargebacks create 0d9f3c1e-… --amount 10.00 --reason-code 4837`;

export async function runChargebacksCommand(argv: string[]): Promise<unknown> {
  const [cmd, ...args] = argv;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      amount: { type: 'string' },
      'reason-code': { type: 'string' },
      'bank-date': { type: 'string' },
      reference: { type: 'string' },
    },
  });
  switch (cmd) {
    case 'create': {
      const transId = positionals[0];
      if (!transId || !values.amount || !values['reason-code'])
        throw new Error(`TRANS_ID, --amount and --reason-code are required.\n${CHARGEBACKS_USAGE}`);
      return applyChargebackEvent(deps(), {
        trans_id: transId,
        amount: values.amount,
        reason_code: values['reason-code'],
        ...(values['bank-date'] ? { bank_date: values['bank-date'] } : {}),
      });
    }
    case 'reverse': {
      const transId = positionals[0];
      if (!transId) throw new Error(`TRANS_ID is required.\n${CHARGEBACKS_USAGE}`);
      try {
        const req = { ...(values.amount ? { amount: values.amount } : {}), ...(values.reference ? { reference: values.reference } : {}) };
        return reversalSummary(await reverseChargeback(deps(), transId, req));
      } catch (err) {
        if (err instanceof PlatformError) throw new Error(`${err.code} ${err.message}`, { cause: err });
        throw err;
      }
    }
    default:
      throw new Error(CHARGEBACKS_USAGE);
  }
}
