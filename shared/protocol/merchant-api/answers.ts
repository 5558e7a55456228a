/**
 * The merchant API's answers (docs/merchant-api.md), declared once: the operations (shared/operations/merchant-api)
 * build them with these schemas' output types, and scripts/openapi describes them with the schemas' JSON Schema.
 * Open objects (a client must accept fields added later), every field always sent (null where it has no value).
 * Classic zod: never parsed at run time, imported type-only by the operations, so no function bundle carries it.
 */
import { z } from 'zod';

const str = z.string();
const int = z.int();
const time = z.string().meta({ format: 'date-time' });
const amountText = z.string().meta({ description: 'Decimal in the currency\'s minor-unit precision, e.g. "10.00".' });
const minor = (description: string) => z.int().meta({ description: `${description} Integer minor units of the currency.` });

/** GET /api/v1/merchant/payments/{transId}: amounts as decimal text, the card masked, never a token. */
export const MerchantPaymentAnswer = z
  .object({
    trans_id: str,
    order_id: str,
    action: str.meta({ description: 'The action that created the payment: SALE, DEBIT, CREDIT2CARD, …' }),
    status: str,
    amount: amountText,
    captured_amount: amountText,
    refunded_amount: amountText,
    currency: str,
    card: z.string().nullable().meta({ description: 'Masked: first six and last four digits.' }),
    decline_reason: z.string().nullable(),
    created_at: time,
    updated_at: time,
    transactions: z.array(
      z.object({
        type: str,
        status: z.enum(['success', 'waiting', 'fail']),
        amount: amountText,
        date: time,
        decline_reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'MerchantPayment' });

/** One callback of the delivery log: what it reported, where it is, the last answer of the merchant's endpoint. */
export const DeliveryLogEntry = z
  .object({
    event_id: str,
    trans_id: str,
    seq: int,
    type: z.string().nullable().meta({ description: "The callback's action (S2S) or type (Checkout): SALE, CAPTURE, sale, refund, …" }),
    status: z.string().nullable().meta({ description: 'The status it reported.' }),
    url: str,
    delivery: z.enum(['PENDING', 'HELD', 'DELIVERED', 'FAILED']),
    attempts: int,
    last_answer: z.object({ at: time, http_status: z.int().nullable(), error: z.string().nullable(), latency_ms: int }).nullable(),
    created_at: time,
    next_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    failed_at: z.string().nullable(),
  })
  .meta({ id: 'MerchantDeliveryLogEntry' });

export const DeliveryLogAnswer = z.object({ callbacks: z.array(DeliveryLogEntry) });

/** One delivery attempt in the callbacks feed, with the POST it sent. */
export const CallbackEvent = z
  .object({
    event_id: str,
    trans_id: str,
    seq: int,
    attempt: int,
    at: time,
    outcome: z.enum(['DELIVERED', 'FAILED']),
    http_status: z.int().nullable(),
    error: z.string().nullable(),
    latency_ms: int,
    type: z.string().nullable(),
    status: z.string().nullable(),
    request: z.object({ url: str, headers: z.record(z.string(), z.string()), body: str }).meta({
      description:
        'The POST this attempt sent: form body and headers (X-Callback-Event-Id, and the X-Callback-Signature it was sent with, its timestamp the time of that POST; absent for attempts logged before signatures were kept).',
    }),
  })
  .meta({ id: 'MerchantCallbackEvent' });

export const CallbacksNextAnswer = z.object({ events: z.array(CallbackEvent), cursor: str });

export const BalanceAnswer = z.object({
  balances: z.array(
    z.object({
      currency: str,
      payable: minor('Owed to you now: credits − debits of your payable, after the reserve held.'),
      reserve: minor('Held in your rolling reserve (docs/ledger.md "Settlements"): paid when a later batch releases it.'),
      journals: int,
    }),
  ),
});

export const MerchantClockAnswer = z
  .object({
    client_key: str,
    now: time.meta({ description: "The time the rules of this merchant's objects read." }),
    real_now: time,
    offset_ms: int,
    offset: str,
  })
  .meta({ id: 'MerchantClock' });

/** A settlement batch (docs/ledger.md "Settlements"); the console's ConsoleSettlement mirrors it. */
export const SettlementView = z
  .object({
    id: str.meta({ description: '<client_key>_<YYYY-MM-DD>_<CUR>' }),
    date: z
      .string()
      .meta({ format: 'date', description: 'The day of your clock whose journals the batch took (by when they were journaled).' }),
    currency: str,
    gross: minor('Captured.'),
    refunds: minor('Refunds, reversals after capture and voids.'),
    chargebacks: minor('Chargebacks.'),
    chargebacks_reversed: minor('Chargebacks reversed (disputes you won): their money back.'),
    payouts: minor('Payouts you funded (CREDIT2CARD, APM payouts).'),
    fees: minor("The platform's fees."),
    net: minor(
      "gross − refunds − chargebacks + chargebacks_reversed − payouts − fees: the day's change of what the platform owes you (negative: you owe).",
    ),
    reserve_held: minor("The rolling reserve held back from this batch (your reserve's percent of gross; 0 without one)."),
    reserve_released: minor('The reserve an earlier batch held, released into this one after its days.'),
    net_payable: minor('net − reserve_held + reserve_released: what this batch pays you.'),
    journals: int,
    closed_at: time,
  })
  .meta({ id: 'MerchantSettlement' });

export const SettlementsAnswer = z.object({ settlements: z.array(SettlementView), next_cursor: z.string().nullable() });

/** One movement of the merchant's money in the transactions report. */
export const TransactionRow = z
  .object({
    trans_id: str,
    entry_id: str.meta({ description: "The payment's transaction that moved the money." }),
    event: str.meta({ description: 'SALE, CAPTURE, REFUND, REVERSAL, VOID, CREDIT2CARD, CHARGEBACK, …' }),
    /** Every journal kind (shared/domain/ledger/journal.ts): the reserve's and a won dispute's too. */
    kind: z.enum(['capture', 'refund', 'void', 'payout', 'chargeback', 'chargeback_reversal', 'reserve_held', 'reserve_released']),
    currency: str,
    amount: minor('The movement.'),
    fee: minor('Its fee.'),
    net: minor('Its change of what the platform owes you: + for a capture, − for the rest and every fee.'),
    mid_id: str,
    occurred_at: time,
    journaled_at: time.meta({ description: 'On your clock: the day whose settlement batch takes it.' }),
    settlement_id: str,
    settlement_status: z.enum(['closed', 'pending']),
  })
  .meta({ id: 'MerchantTransaction' });

export const TransactionsPage = z.object({ transactions: z.array(TransactionRow), next_cursor: z.string().nullable() });

/** components.schemas of the merchant API, in this order. */
export const MERCHANT_API_COMPONENTS = [
  MerchantPaymentAnswer,
  DeliveryLogEntry,
  CallbackEvent,
  MerchantClockAnswer,
  SettlementView,
  TransactionRow,
];

export type MerchantPaymentAnswer = z.output<typeof MerchantPaymentAnswer>;
export type DeliveryLogEntry = z.output<typeof DeliveryLogEntry>;
export type DeliveryLogAnswer = z.output<typeof DeliveryLogAnswer>;
export type CallbackEvent = z.output<typeof CallbackEvent>;
export type CallbacksNextAnswer = z.output<typeof CallbacksNextAnswer>;
export type BalanceAnswer = z.output<typeof BalanceAnswer>;
export type MerchantClockAnswer = z.output<typeof MerchantClockAnswer>;
export type SettlementView = z.output<typeof SettlementView>;
export type SettlementsAnswer = z.output<typeof SettlementsAnswer>;
export type TransactionRow = z.output<typeof TransactionRow>;
export type TransactionsPage = z.output<typeof TransactionsPage>;
