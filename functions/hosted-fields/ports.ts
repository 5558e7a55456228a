/**
 * The hosted payment fields' port tables (docs/hosted-fields.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config, clock, newId } from '../../shared/entry/composition/core.js';
import { callbackQueue } from '../../shared/entry/composition/callback-queue.js';
import { cardVault } from '../../shared/entry/composition/card-vault.js';
import { checkoutSessions } from '../../shared/entry/composition/checkout-sessions.js';
import { connectors } from '../../shared/entry/composition/connectors.js';
import { merchants } from '../../shared/entry/composition/merchants.js';
import { payments } from '../../shared/entry/composition/payments.js';
import { risk } from '../../shared/entry/composition/risk.js';
import { schedules } from '../../shared/entry/composition/schedules.js';
import { secrets } from '../../shared/entry/composition/secrets.js';
import { sealedCards } from '../../shared/entry/composition/sweepers.js';

/** The 3DS / redirect page of a hosted-fields payment: the payment cores (shared/entry/composition/tables.ts). Composed by: three-ds. */
export { PAYMENT_PORTS } from '../../shared/entry/composition/tables.js';

/** A new session (its recurring plan checked). Composed by: token. */
export const TOKEN_PORTS = { config, clock, newId, merchants, checkoutSessions, schedules } satisfies PortTable;

/** The session's frames and its update. Composed by: frame, update. */
export const SESSION_PORTS = { config, clock, merchants, checkoutSessions } satisfies PortTable;

/** The card the payer typed, sealed to the session. Composed by: card-data. */
export const CARD_DATA_PORTS = { config, clock, merchants, secrets, checkoutSessions } satisfies PortTable;

/** The merchant's processing call: the payment cores on the session's sealed card. Composed by: processing. */
export const PROCESSING_PORTS = {
  config,
  clock,
  newId,
  payments,
  merchants,
  secrets,
  callbackQueue,
  cardVault,
  connectors,
  schedules,
  risk,
  checkoutSessions,
} satisfies PortTable;

/** Abandoned sealed cards deleted. Composed by: sweep-cards. */
export const SWEEP_PORTS = { config, clock, sealedCards, checkoutSessions } satisfies PortTable;
