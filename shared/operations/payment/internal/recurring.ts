/**
 * Recurring charge (S2S RECURRING_SALE / RECURRING_DEBIT, Checkout RECURRING): a merchant-initiated payment on the
 * card of an initial pair. No 3DS (the payer is not present); currency and payer email come from the initial payment.
 */
import type { Mid } from '../../../domain/merchant.js';
import type { Payment, PaymentDetails, PaymentProtocol, TransactionType } from '../../../domain/payment.js';
import { ACTIONS } from '../../../domain/actions.js';
import type { VaultCard } from '../../../ports/card-vault.js';
import type { AttemptHooks } from './attempt.js';
import { charge, type ChargeInput } from './charge.js';
import type { ChargeScreen } from './screen.js';
import type { ChargeDeps, CoreResult } from './types.js';

export { resolveRecurringPair } from './card-vault.js';

export interface RecurringChargeInput {
  protocol: PaymentProtocol;
  /** RECURRING_SALE, RECURRING_DEBIT, or the Checkout operation name. */
  action: 'RECURRING_SALE' | 'RECURRING_DEBIT';
  initial: Payment;
  card: VaultCard;
  mid: Mid;
  orderId: string;
  orderDescription: string;
  amount: number;
  authorize: boolean;
  /** The recurring request's own details (its custom_data is the one echoed, not the initial payment's). */
  details: PaymentDetails;
  /** See ChargeInput.followUpVerifier. */
  followUpVerifier?: ChargeInput['followUpVerifier'];
}

/**
 * `screenOf`: the merchant's rules and the MID's limits before the acquirer (operations/risk/screened-charge.ts
 * `ruledScreen`, docs/risk.md); no counter counts a merchant-initiated charge.
 */
export async function recurringCharge(
  d: ChargeDeps,
  input: RecurringChargeInput,
  hooks: AttemptHooks,
  screenOf?: (charge: ChargeInput) => ChargeScreen,
): Promise<CoreResult> {
  const transactionType: TransactionType = ACTIONS[input.action].transaction;
  // Every debit callback carries a card_token (6.7.0): a recurring debit echoes its chain's token (a DEBIT chain
  // always has one), and a chain without one (a SALE's) gets one issued on approval, as a DEBIT would.
  const debit = ACTIONS[input.action].debit;
  const chainToken = debit ? input.initial.cardToken : undefined;
  const chargeInput: ChargeInput = {
    clientKey: input.initial.clientKey,
    protocol: input.protocol,
    action: input.action,
    transactionType,
    orderId: input.orderId,
    orderDescription: input.orderDescription,
    amount: input.amount,
    currency: input.initial.currency,
    mid: input.mid,
    card: input.card,
    payerEmail: input.initial.payerEmail,
    authorize: input.authorize,
    externalThreeDs: true,
    details: { ...input.details, recurringFirstTransId: input.initial.transId },
    cardToken: chainToken,
    issueCardToken: debit && !chainToken,
    issueRecurringToken: false,
    followUpVerifier: input.followUpVerifier,
  };
  return charge(d, chargeInput, hooks, screenOf?.(chargeInput));
}
