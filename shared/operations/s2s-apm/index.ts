/** S2S APM actions by name. Adding an action: one new file in this folder and one line here. */
import type { S2sApmAction } from './action.js';
import { sale } from './sale.js';
import { capture } from './capture.js';
import { voidAction } from './void.js';
import { creditvoid } from './creditvoid.js';
import { getTransStatus } from './get-trans-status.js';
import { credit2crypto, credit2virtual } from './credit2virtual.js';
import { debit2virtual } from './debit2virtual.js';
import { debit2virtualCalc } from './debit2virtual-calc.js';
import { debit2virtualComplete } from './debit2virtual-complete.js';

export const S2S_APM_ACTIONS: ReadonlyMap<string, S2sApmAction> = new Map(
  [
    sale,
    capture,
    voidAction,
    creditvoid,
    getTransStatus,
    credit2virtual,
    credit2crypto,
    debit2virtual,
    debit2virtualCalc,
    debit2virtualComplete,
  ].map((a) => [a.action, a]),
);

// Protocol-neutral APM cores, for other protocols (the Checkout page's vcard method).
export { apmCharge, apmConnectorFor, newRedirectToken, type ApmChargeInput, type ApmChargeResult } from './charge.js';
export {
  completeRedirect,
  isWaitingForPayer,
  isWaitingForProvider,
  methodPageUrl,
  providerNotifies,
  redirectTokenMatches,
} from './redirect-step.js';
export { apmDeadlineSeconds } from './payment-request.js';
export { prepareDebit, completeDebit } from './two-step-debit.js';
