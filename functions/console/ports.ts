/**
 * The console API's port tables (docs/console.md): each is what one kind of console operation reads, besides
 * the console's own stores that every console function has (shared/entry/composition/console.ts). A function signing in or
 * managing users adds the Cognito identity in its wiring (`identity: consoleIdentity`).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config, clock, newId } from '../../shared/entry/composition/core.js';
import { apiKeys } from '../../shared/entry/composition/api-keys.js';
import { callbackQueue } from '../../shared/entry/composition/callback-queue.js';
import { callbacks } from '../../shared/entry/composition/callbacks.js';
import { chargebacks } from '../../shared/entry/composition/chargebacks.js';
import { connectors } from '../../shared/entry/composition/connectors.js';
import { merchants } from '../../shared/entry/composition/merchants.js';
import { payments } from '../../shared/entry/composition/payments.js';
import { reconciliation } from '../../shared/entry/composition/reconciliation.js';
import { riskAdmin } from '../../shared/entry/composition/risk-admin.js';
import { schedules } from '../../shared/entry/composition/schedules.js';
import { secrets } from '../../shared/entry/composition/secrets.js';
import { walletConfigs } from '../../shared/entry/composition/wallets.js';

/**
 * The console's own stores only: the session probe, users, audit, schedules list, the books (ledger reads), the counters. Composed by: me,
 * users, audit, schedules, books-balances, books-settlements, books-settlement, books-transactions, counters-stream.
 */
export const CONSOLE_PORTS = { config } satisfies PortTable;

/**
 * Sign-in, sign-out and user access: sessions and audit entries get new ids. Composed by: sign-in, sign-in-challenge, sign-out, user-
 * access.
 */
export const SESSION_PORTS = { config, newId } satisfies PortTable;

/** The dashboard's ranges end at the merchant's (test) clock. Composed by: dashboard. */
export const DASHBOARD_PORTS = { config, clock } satisfies PortTable;

/** Merchants' accounts, read: the list, routing rules, the platform's books. Composed by: merchants, routing, books-platform, fees. */
export const MERCHANT_READ_PORTS = { config, merchants } satisfies PortTable;

/** One merchant: settings, MIDs and its wallets. Composed by: merchant. */
export const MERCHANT_PORTS = { config, clock, merchants, walletConfigs } satisfies PortTable;

/**
 * A merchant's settings, password, MID limits; inviting its users. Composed by: merchant-settings, merchant-password, mid-limits, user-
 * invite.
 */
export const MERCHANT_EDIT_PORTS = { config, newId, merchants } satisfies PortTable;

/** A new merchant, and new routing rules: both dated on the merchant's clock. Composed by: merchant-create, routing-replace, fees-replace. */
export const MERCHANT_CREATE_PORTS = { config, clock, newId, merchants } satisfies PortTable;

/** A new MID: its connector's settings checked, its credentials sealed. Composed by: mid-create. */
export const MID_CREATE_PORTS = { config, newId, merchants, connectors, secrets } satisfies PortTable;

/** A merchant's Apple Pay / Google Pay keys, sealed. Composed by: wallet-configure. */
export const WALLET_CONFIGURE_PORTS = { config, clock, newId, merchants, secrets, walletConfigs } satisfies PortTable;

/** The callbacks' signing secret: shown or rotated. Composed by: merchant-signing-secret. */
export const SIGNING_SECRET_PORTS = { config, newId, merchants, callbacks } satisfies PortTable;

/** A merchant's API keys, listed. Composed by: api-keys. */
export const API_KEYS_PORTS = { config, apiKeys } satisfies PortTable;

/** An API key created or revoked. Composed by: api-key-create, api-key-revoke. */
export const API_KEY_EDIT_PORTS = { config, newId, merchants, apiKeys } satisfies PortTable;

/** Payments searched. Composed by: payments. */
export const PAYMENT_SEARCH_PORTS = { config, payments } satisfies PortTable;

/** One payment with its timeline and callbacks. Composed by: payment. */
export const PAYMENT_VIEW_PORTS = { config, payments, callbacks } satisfies PortTable;

/** Refund, void, capture: the payment cores, with their callbacks. Composed by: payment-action. */
export const PAYMENT_ACTION_PORTS = { config, clock, newId, merchants, payments, connectors, callbackQueue } satisfies PortTable;

/** The reconciler's work list. Composed by: reconciliation. */
export const RECONCILIATION_PORTS = { config, payments, reconciliation } satisfies PortTable;

/** Asking the acquirer now, and recording its answer. Composed by: reconciliation-inquire. */
export const INQUIRY_PORTS = { config, clock, newId, merchants, payments, connectors, callbackQueue, reconciliation } satisfies PortTable;

/** The delivery log and the failed callbacks. Composed by: callbacks, callbacks-failed. */
export const CALLBACK_LOG_PORTS = { config, callbacks } satisfies PortTable;

/** One payment's callback sent again. Composed by: callback-replay. */
export const CALLBACK_REPLAY_PORTS = { config, newId, payments, callbacks } satisfies PortTable;

/** Every failed callback of a merchant sent again. Composed by: callbacks-replay-failed. */
export const CALLBACK_REPLAY_ALL_PORTS = { config, newId, callbacks } satisfies PortTable;

/** Charged-back payments. Composed by: chargebacks. */
export const CHARGEBACK_LIST_PORTS = { config, payments, chargebacks } satisfies PortTable;

/** A chargeback opened on a payment, with its callback. Composed by: chargeback-open. */
export const CHARGEBACK_OPEN_PORTS = { config, clock, newId, merchants, payments, chargebacks, callbackQueue } satisfies PortTable;

/** Blocklists and risk thresholds, read. Composed by: risk-blocklist, risk-settings. */
export const RISK_READ_PORTS = { config, merchants, riskAdmin } satisfies PortTable;

/** A merchant's risk rules, with their counters' current windows. Composed by: risk-rules. */
export const RISK_RULES_PORTS = { config, clock, merchants, riskAdmin } satisfies PortTable;

/** A merchant's risk rules replaced. Composed by: risk-rules-replace. */
export const RISK_RULES_EDIT_PORTS = { config, clock, newId, merchants, riskAdmin } satisfies PortTable;

/** A merchant's risk thresholds replaced. Composed by: risk-settings-replace. */
export const RISK_SETTINGS_EDIT_PORTS = { config, newId, merchants, riskAdmin } satisfies PortTable;

/** A blocklist entry added (a card by a payment's trans_id). Composed by: risk-block-add. */
export const RISK_BLOCK_ADD_PORTS = { config, clock, newId, merchants, payments, riskAdmin } satisfies PortTable;

/** A blocklist entry removed. Composed by: risk-block-remove. */
export const RISK_BLOCK_REMOVE_PORTS = { config, newId, riskAdmin } satisfies PortTable;

/** One schedule and its subscriptions. Composed by: schedule. */
export const SCHEDULE_PORTS = { config, schedules } satisfies PortTable;

/** A schedule's or subscription's action, through the schedule ops events' operation. Composed by: schedule-action, subscription-action. */
export const SCHEDULE_ACTION_PORTS = { config, clock, newId, schedules } satisfies PortTable;
