/**
 * Card-on-file (stored credential) classification of a card payment, 6.7.0 "card-on-file flow and attributes".
 * The spec names the attributes (`initiator`, `source`, `sequence`) but not their values; ours (docs/callbacks.md):
 *
 *   initiator  cardholder | merchant      who started the payment (CIT / MIT)
 *   sequence   first | subsequent         the payment stores a credential, or uses a stored one
 *   source     card | card_token | recurring | schedule
 *                                         where the card came from: typed card data, a card_token, a recurring pair
 *                                         (RECURRING_SALE / RECURRING_DEBIT / Checkout recurring), a schedule run
 *
 * A payment that neither stores nor uses a credential is not card-on-file: it has no classification.
 */
export type CofInitiator = 'cardholder' | 'merchant';
export type CofSequence = 'first' | 'subsequent';
export type CofSource = 'card' | 'card_token' | 'recurring' | 'schedule';

export interface CardOnFile {
  initiator: CofInitiator;
  sequence: CofSequence;
  source: CofSource;
}

export interface CofFacts {
  /** payer_present as sent (S2S SALE / DEBIT); only "N" says the payer is absent. Pages always have the payer. */
  payerPresent?: string;
  /** The payment asks for a card_token (req_token, every debit) or a recurring pair (recurring_init). */
  storesCredential: boolean;
  /** Paid with a card_token (S2S card_token, a saved card on the Checkout page). */
  cardToken: boolean;
  /** A charge on a recurring pair (recurring_first_trans_id / recurring_init_trans_id). */
  recurring: boolean;
  /** A run of a recurring schedule, made by the platform's runner. */
  scheduleRun: boolean;
}

export function payerAbsent(payerPresent: string | undefined): boolean {
  return payerPresent?.trim().toUpperCase() === 'N';
}

export function classifyCardOnFile(f: CofFacts): CardOnFile | undefined {
  // Nobody is at the payment page for recurring charges and schedule runs: the merchant (or its schedule) charges.
  if (f.scheduleRun) return { initiator: 'merchant', sequence: 'subsequent', source: 'schedule' };
  if (f.recurring) return { initiator: 'merchant', sequence: 'subsequent', source: 'recurring' };
  const initiator: CofInitiator = payerAbsent(f.payerPresent) ? 'merchant' : 'cardholder';
  if (f.cardToken) return { initiator, sequence: 'subsequent', source: 'card_token' };
  if (f.storesCredential) return { initiator, sequence: 'first', source: 'card' };
  return undefined;
}
