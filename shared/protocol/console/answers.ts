/**
 * The console API's answer types, each the output type of its zod schema (./schemas: one module per area): the
 * operations (shared/operations/console) and handlers (functions/console) declare what they build with these types,
 * the console's page (console/src) reads them with `import type` (erased at build, so zod stays out of its bundle),
 * and scripts/openapi describes the answers from the same schemas.
 *
 * Type-only imports: the console's typecheck follows this file into ./schemas and zod's types, never into server
 * code. The answers that copy a domain type (the merchant, a delivery attempt, an audit entry, a settlement) are held
 * to it by test/unit/console/answer-mirrors.test.ts.
 */
import type { z } from 'zod';
import type * as books from './schemas/books.js';
import type * as callbacks from './schemas/callbacks.js';
import type * as fees from './schemas/fees.js';
import type { CONSOLE_ANSWERS } from './schemas/index.js';
import type * as kit from './schemas/kit.js';
import type * as merchants from './schemas/merchants.js';
import type * as payments from './schemas/payments.js';
import type * as risk from './schemas/risk.js';
import type * as schedules from './schemas/schedules.js';
import type * as session from './schemas/session.js';
import type * as users from './schemas/users.js';

type Out<S extends z.ZodType> = z.output<S>;

export type ConsoleRoleName = Out<typeof kit.ConsoleRoleName>;

// ---- Sign-in and session
export type ConsoleSessionUser = Out<typeof session.ConsoleSessionUser>;
export type ConsoleSignInStep = Out<typeof session.ConsoleSignInStep>;
export type ConsoleSignInAnswer = Out<typeof session.ConsoleSignInAnswer>;
export type ConsoleMeAnswer = Out<typeof session.ConsoleMeAnswer>;
export type ConsoleSignOutAnswer = Out<typeof session.ConsoleSignOutAnswer>;

// ---- Merchants, MIDs, wallets, API keys, routing
export type ConsoleMerchant = Out<typeof merchants.ConsoleMerchant>;
export type ConsoleMid = Out<typeof merchants.ConsoleMid>;
export type ConsoleMidLimits = Out<typeof merchants.ConsoleMidLimits>;
export type ConsoleMidLimitsAnswer = Out<typeof merchants.ConsoleMidLimitsAnswer>;
export type ConsoleMidHealth = Out<typeof merchants.ConsoleMidHealth>;
export type ConsoleWallet = Out<typeof merchants.ConsoleWallet>;
export type ConsoleChoices = Out<typeof merchants.ConsoleChoices>;
export type ConsoleMerchantsAnswer = Out<typeof merchants.ConsoleMerchantsAnswer>;
export type ConsoleMerchantAnswer = Out<typeof merchants.ConsoleMerchantAnswer>;
export type ConsoleMerchantCreateAnswer = Out<typeof merchants.ConsoleMerchantCreateAnswer>;
export type ConsoleMerchantSettingsAnswer = Out<typeof merchants.ConsoleMerchantSettingsAnswer>;
export type ConsoleMerchantPasswordAnswer = Out<typeof merchants.ConsoleMerchantPasswordAnswer>;
export type ConsoleSigningSecretAnswer = Out<typeof merchants.ConsoleSigningSecretAnswer>;
export type ConsoleApiKey = Out<typeof merchants.ConsoleApiKey>;
export type ConsoleApiKeysAnswer = Out<typeof merchants.ConsoleApiKeysAnswer>;
export type ConsoleApiKeyCreateAnswer = Out<typeof merchants.ConsoleApiKeyCreateAnswer>;
export type ConsoleApiKeyRevokeAnswer = Out<typeof merchants.ConsoleApiKeyRevokeAnswer>;
export type ConsoleMidCreateAnswer = Out<typeof merchants.ConsoleMidCreateAnswer>;
export type ConsoleRoutingTable = Out<typeof merchants.ConsoleRoutingTable>;
export type ConsoleRoutingAnswer = Out<typeof merchants.ConsoleRoutingAnswer>;
export type ConsoleWalletConfigureAnswer = Out<typeof merchants.ConsoleWalletConfigureAnswer>;

// ---- Risk controls (docs/risk.md)
export type ConsoleRiskBlock = Out<typeof risk.ConsoleRiskBlock>;
export type ConsoleRiskBlocklistAnswer = Out<typeof risk.ConsoleRiskBlocklistAnswer>;
export type ConsoleRiskBlockAddAnswer = Out<typeof risk.ConsoleRiskBlockAddAnswer>;
export type ConsoleRiskBlockRemoveAnswer = Out<typeof risk.ConsoleRiskBlockRemoveAnswer>;
export type ConsoleRiskRulesAnswer = Out<typeof risk.ConsoleRiskRulesAnswer>;
export type ConsoleRiskThresholds = Out<typeof risk.ConsoleRiskThresholds>;
export type ConsoleRiskSettingsAnswer = Out<typeof risk.ConsoleRiskSettingsAnswer>;

// ---- Payments, chargebacks, reconciliation
export type ConsolePayment = Out<typeof payments.ConsolePayment>;
export type ConsoleTimelineEntry = Out<typeof payments.ConsoleTimelineEntry>;
export type ConsolePaymentsAnswer = Out<typeof payments.ConsolePaymentsAnswer>;
export type ConsolePaymentAnswer = Out<typeof payments.ConsolePaymentAnswer>;
export type ConsolePaymentActionAnswer = Out<typeof payments.ConsolePaymentActionAnswer>;
export type ConsoleChargebacksAnswer = Out<typeof payments.ConsoleChargebacksAnswer>;
export type ConsoleChargebackOpenAnswer = Out<typeof payments.ConsoleChargebackOpenAnswer>;
export type ConsoleUndetermined = Out<typeof payments.ConsoleUndetermined>;
export type ConsoleReconciliationAnswer = Out<typeof payments.ConsoleReconciliationAnswer>;
export type ConsoleReconciliationInquireAnswer = Out<typeof payments.ConsoleReconciliationInquireAnswer>;

// ---- Callbacks
export type ConsoleCallbackAttempt = Out<typeof callbacks.ConsoleCallbackAttempt>;
export type ConsoleFailedCallback = Out<typeof callbacks.ConsoleFailedCallback>;
export type ConsoleReplayed = Out<typeof callbacks.ConsoleReplayed>;
export type ConsoleCallbacksAnswer = Out<typeof callbacks.ConsoleCallbacksAnswer>;
export type ConsoleCallbacksFailedAnswer = Out<typeof callbacks.ConsoleCallbacksFailedAnswer>;
export type ConsoleCallbacksReplayFailedAnswer = Out<typeof callbacks.ConsoleCallbacksReplayFailedAnswer>;

// ---- Schedules
export type ConsoleSchedule = Out<typeof schedules.ConsoleSchedule>;
export type ConsoleSubscription = Out<typeof schedules.ConsoleSubscription>;
export type ConsoleSchedulesAnswer = Out<typeof schedules.ConsoleSchedulesAnswer>;
export type ConsoleScheduleAnswer = Out<typeof schedules.ConsoleScheduleAnswer>;
export type ConsoleScheduleActionAnswer = Out<typeof schedules.ConsoleScheduleActionAnswer>;
export type ConsoleSubscriptionActionAnswer = Out<typeof schedules.ConsoleSubscriptionActionAnswer>;

// ---- Users, audit, dashboard
export type ConsoleUser = Out<typeof users.ConsoleUser>;
export type ConsoleUsersAnswer = Out<typeof users.ConsoleUsersAnswer>;
export type ConsoleUserInviteAnswer = Out<typeof users.ConsoleUserInviteAnswer>;
export type ConsoleUserAccessAnswer = Out<typeof users.ConsoleUserAccessAnswer>;
export type ConsoleAuditEntry = Out<typeof users.ConsoleAuditEntry>;
export type ConsoleAuditAnswer = Out<typeof users.ConsoleAuditAnswer>;
export type ConsoleBucket = Out<typeof users.ConsoleBucket>;
export type ConsoleDashboardAnswer = Out<typeof users.ConsoleDashboardAnswer>;

// ---- Books (docs/ledger.md "Reports"): minor units of each row's currency
export type ConsoleBalance = Out<typeof books.ConsoleBalance>;
export type ConsoleBalancesAnswer = Out<typeof books.ConsoleBalancesAnswer>;
export type ConsoleSettlement = Out<typeof books.ConsoleSettlement>;
export type ConsoleSettlementsAnswer = Out<typeof books.ConsoleSettlementsAnswer>;
export type ConsoleSettlementAnswer = Out<typeof books.ConsoleSettlementAnswer>;
export type ConsolePlatformBooksAnswer = Out<typeof books.ConsolePlatformBooksAnswer>;

// ---- Fee schedules (docs/ledger.md "Fees")
export type ConsoleFeeSchedule = Out<typeof fees.ConsoleFeeSchedule>;
export type ConsoleFeesAnswer = Out<typeof fees.ConsoleFeesAnswer>;

/** Each console operation's answer by its route id. */
export type ConsoleAnswers = { [Id in keyof typeof CONSOLE_ANSWERS]: Out<(typeof CONSOLE_ANSWERS)[Id]['schema']> };
