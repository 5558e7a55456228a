/**
 * The hosted payment fields' port tables (docs/hosted-fields.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. No
 * table is a bare spread, which esbuild could not prove harmless: the payment cores and more are paymentPortsAnd's.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { paymentPortsAnd } from '../../shared/entry/composition/tables.js';
import { config, clock, newId } from '../../shared/entry/composition/core.js';
import { checkoutSessions } from '../../shared/entry/composition/checkout-sessions.js';
import { merchants } from '../../shared/entry/composition/merchants.js';
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
export const PROCESSING_PORTS = /* @__PURE__ */ paymentPortsAnd({ checkoutSessions });

/** Abandoned sealed cards deleted. Composed by: sweep-cards. */
export const SWEEP_PORTS = { config, clock, sealedCards, checkoutSessions } satisfies PortTable;
