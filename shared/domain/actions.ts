/**
 * Facts about the actions that create a payment, in one table: whether money goes to the payer (a payout), which
 * history entry it starts with, how its callbacks and follow-up lookups are signed, how it is worded in a Checkout
 * callback, and which follow-ups it allows (the state machine, payment-machine.ts, asks this table in its guards).
 * Adding an action means adding one row here; the Record type makes the compiler list every place that must know it.
 */
import type { TransactionType } from './payment.js';

/** The action that created a payment (Payment.action), as the protocols name it. */
export type Action =
  | 'SALE'
  | 'AUTH'
  | 'DEBIT'
  | 'CARD2CARD'
  | 'CREDIT2CARD'
  | 'RECURRING_SALE'
  | 'RECURRING_DEBIT'
  | 'CREDIT2VIRTUAL'
  | 'CREDIT2CRYPTO'
  | 'DEBIT2VIRTUAL'
  | 'DEBIT2VIRTUAL_CALC';

/** The follow-ups an action may allow on its payment. */
export type FollowUp = 'CAPTURE' | 'VOID' | 'REFUND' | 'CHARGEBACK' | 'RETRY';

/** The Checkout §5.3 callback `type` of a payment's own transaction. */
export type CheckoutCallbackKind = 'sale' | 'debit' | 'credit' | 'transfer' | 'recurring';

export interface ActionFacts {
  /** Money goes to the payer (CREDIT2CARD, CREDIT2VIRTUAL, CREDIT2CRYPTO): no capture, void, refund or chargeback. */
  payout: boolean;
  /** A debit: a refund of it is a REVERSAL, and its card_token is in every S2S CARD callback. */
  debit: boolean;
  /** A charge on a recurring pair: merchant-initiated, and RETRY may charge it again after a soft decline. */
  recurring: boolean;
  /**
   * The signature of its callbacks and follow-up lookups: `payment` (S2S CARD Formula 2, the APM callback hash) or
   * `payout` (S2S CARD Formula 6, the APM Credit2Virtual callback hash).
   */
  hash: 'payment' | 'payout';
  /** The history entry of its own transaction (SALE becomes AUTH when it holds funds). */
  transaction: TransactionType;
  /** How a Checkout callback names its own transaction. */
  checkoutKind: CheckoutCallbackKind;
  /** The follow-ups its payment may get (each further guarded by the state machine). */
  allows: readonly FollowUp[];
}

const CARD_PAYMENT: readonly FollowUp[] = ['CAPTURE', 'VOID', 'REFUND', 'CHARGEBACK'];
const PAYOUT: Pick<ActionFacts, 'payout' | 'debit' | 'recurring' | 'hash' | 'allows'> = {
  payout: true,
  debit: false,
  recurring: false,
  hash: 'payout',
  allows: [],
};

/** DEBIT2VIRTUAL and DEBIT2VIRTUAL_CALC, the APM debits: the same facts, recorded as a DEBIT transaction. */
const VIRTUAL_DEBIT: ActionFacts = {
  payout: false,
  debit: false,
  recurring: false,
  hash: 'payment',
  transaction: 'DEBIT',
  checkoutKind: 'debit',
  allows: CARD_PAYMENT,
};

export const ACTIONS: Record<Action, ActionFacts> = {
  SALE: { payout: false, debit: false, recurring: false, hash: 'payment', transaction: 'SALE', checkoutKind: 'sale', allows: CARD_PAYMENT },
  AUTH: { payout: false, debit: false, recurring: false, hash: 'payment', transaction: 'AUTH', checkoutKind: 'sale', allows: CARD_PAYMENT },
  DEBIT: {
    payout: false,
    debit: true,
    recurring: false,
    hash: 'payment',
    transaction: 'DEBIT',
    checkoutKind: 'debit',
    allows: CARD_PAYMENT,
  },
  CARD2CARD: {
    payout: false,
    debit: false,
    recurring: false,
    hash: 'payment',
    transaction: 'CARD2CARD',
    checkoutKind: 'transfer',
    allows: CARD_PAYMENT,
  },
  CREDIT2CARD: { ...PAYOUT, transaction: 'CREDIT2CARD', checkoutKind: 'credit' },
  RECURRING_SALE: {
    payout: false,
    debit: false,
    recurring: true,
    hash: 'payment',
    transaction: 'RECURRING_SALE',
    checkoutKind: 'recurring',
    allows: [...CARD_PAYMENT, 'RETRY'],
  },
  RECURRING_DEBIT: {
    payout: false,
    debit: true,
    recurring: true,
    hash: 'payment',
    transaction: 'RECURRING_DEBIT',
    checkoutKind: 'recurring',
    allows: [...CARD_PAYMENT, 'RETRY'],
  },
  CREDIT2VIRTUAL: { ...PAYOUT, transaction: 'CREDIT2VIRTUAL', checkoutKind: 'credit' },
  CREDIT2CRYPTO: { ...PAYOUT, transaction: 'CREDIT2VIRTUAL', checkoutKind: 'credit' },
  DEBIT2VIRTUAL: VIRTUAL_DEBIT,
  DEBIT2VIRTUAL_CALC: VIRTUAL_DEBIT,
};

/** Facts of a stored payment's action; an action unknown to this table (never written by this code) has none. */
export function factsOf(action: Action): ActionFacts {
  return ACTIONS[action];
}

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && Object.hasOwn(ACTIONS, value);
}

export const allows = (action: Action, followUp: FollowUp): boolean => ACTIONS[action].allows.includes(followUp);

/**
 * How a Checkout callback names a payment's own transaction of this type: the kind of the actions that start with it
 * (SALE and AUTH: sale; DEBIT, also DEBIT2VIRTUAL's: debit ...). undefined: not a payment's own transaction.
 */
export function checkoutKindOfTransaction(type: string): CheckoutCallbackKind | undefined {
  return Object.values(ACTIONS).find((a) => a.transaction === type)?.checkoutKind;
}

/**
 * Transaction types that settle money from the payer (the day they succeeded decides whether VOID is allowed).
 * A settling entry is a payment's own transaction that is not a payout, or a CAPTURE.
 */
export const SETTLING_TRANSACTIONS: readonly TransactionType[] = [
  'SALE',
  'CAPTURE',
  'DEBIT',
  'RECURRING_SALE',
  'RECURRING_DEBIT',
  'CARD2CARD',
];

/** The recurring action a schedule's runs use for a chain started by `initial`. */
export function recurringRunOf(initial: Action): 'RECURRING_SALE' | 'RECURRING_DEBIT' {
  return ACTIONS[initial].debit ? 'RECURRING_DEBIT' : 'RECURRING_SALE';
}
