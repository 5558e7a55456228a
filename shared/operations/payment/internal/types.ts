/**
 * Protocol-neutral payment cores (capture, void, creditvoid, recurring charge, card vault). Each takes plain inputs
 * and ports, persists its transition with conditional writes, and asks the calling protocol for the callback records
 * (so the S2S CARD and Checkout wire formats stay in their own protocol folders).
 */
import type { CallbackRecord } from '../../../domain/callback.js';
import type { Payment } from '../../../domain/payment.js';
import type { Clock } from '../../../ports/clock.js';
import type { PaymentStore, IdempotentResult } from '../../../ports/payment-store.js';
import type { CardVault } from '../../../ports/card-vault.js';
import type { CallbackQueue } from '../../../ports/callback-queue.js';
import type { ConnectorRegistry } from '../../../ports/connector.js';
import type { ApmConnectorRegistry } from '../../../ports/apm-connector.js';

export interface CoreDeps {
  payments: PaymentStore;
  cardVault: CardVault;
  callbackQueue: CallbackQueue;
  clock: Clock;
  newId: () => string;
  connectors: ConnectorRegistry;
  apmConnectors: ApmConnectorRegistry;
}

/** What a card attempt reads: its payment and the connector, the outcome's callbacks, the card and recurring tokens. */
export type ChargeDeps = Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors'>;

/** What happened to a payment, in protocol-neutral words; the protocol turns it into its callback and answer. */
export interface PaymentEvent {
  /** SALE, AUTH, CAPTURE, VOID, REFUND, REVERSAL, DEBIT, CREDIT2CARD, CARD2CARD, RECURRING_SALE, RECURRING_DEBIT, 3DS, REDIRECT. */
  operation: string;
  /** INIT: an APM payment accepted by its provider and waiting for the payer's transfer (crypto address). */
  result: 'SUCCESS' | 'DECLINED' | 'REDIRECT' | 'UNDEFINED' | 'INIT';
  /** Minor units this event concerns (captured / refunded amount). */
  amount: number;
  /** The id of this attempt (creditvoid_id for refunds and reversals). */
  attemptId: string;
  date: string;
  declineReason?: string;
}

/** Builds the protocol's callback records for an event (recordCallback + the protocol's fields); [] for none. */
export type CallbackRecorder = (payment: Payment, event: PaymentEvent) => CallbackRecord[];

/** Completes the caller's idempotency claim in the same write that records the outcome. */
export interface IdempotencyHook {
  key: string;
  /** Payment-creating actions claim the key together with the payment's reservation (one write), for this long. */
  claimTtlSeconds?: number;
  result(payment: Payment, event: PaymentEvent): IdempotentResult;
}

export interface CoreResult {
  payment: Payment;
  event: PaymentEvent;
  callbacks: CallbackRecord[];
}
