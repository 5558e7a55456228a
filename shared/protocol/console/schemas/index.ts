/**
 * The console API's answers, declared once as zod schemas: the operations (shared/operations/console) and handlers
 * (functions/console) build them with the types derived here (../answers.ts, z.output), the console's page reads
 * those types with `import type`, and scripts/openapi describes each operation's answer with these schemas' JSON
 * Schema. A field renamed here changes all three.
 */
import type { z } from 'zod';
import * as books from './books.js';
import * as callbacks from './callbacks.js';
import * as fees from './fees.js';
import * as merchants from './merchants.js';
import * as payments from './payments.js';
import * as risk from './risk.js';
import * as schedules from './schedules.js';
import * as session from './session.js';
import * as users from './users.js';

const ok = <S extends z.ZodType>(schema: S) => ({ status: 200 as const, schema });
const created = <S extends z.ZodType>(schema: S) => ({ status: 201 as const, schema });

/** Each console operation's answer by its route id (shared/entry/routes), with its success status. */
export const CONSOLE_ANSWERS = {
  ConsoleSignIn: ok(session.ConsoleSignInAnswer),
  ConsoleSignInChallenge: ok(session.ConsoleSignInAnswer),
  ConsoleSignOut: ok(session.ConsoleSignOutAnswer),
  ConsoleMe: ok(session.ConsoleMeAnswer),
  ConsoleMerchants: ok(merchants.ConsoleMerchantsAnswer),
  ConsoleMerchantCreate: created(merchants.ConsoleMerchantCreateAnswer),
  ConsoleMerchant: ok(merchants.ConsoleMerchantAnswer),
  ConsoleMerchantSettings: ok(merchants.ConsoleMerchantSettingsAnswer),
  ConsoleMerchantPassword: ok(merchants.ConsoleMerchantPasswordAnswer),
  ConsoleMerchantSigningSecret: ok(merchants.ConsoleSigningSecretAnswer),
  ConsoleApiKeys: ok(merchants.ConsoleApiKeysAnswer),
  ConsoleApiKeyCreate: created(merchants.ConsoleApiKeyCreateAnswer),
  ConsoleApiKeyRevoke: ok(merchants.ConsoleApiKeyRevokeAnswer),
  ConsoleMidCreate: created(merchants.ConsoleMidCreateAnswer),
  ConsoleRouting: ok(merchants.ConsoleRoutingAnswer),
  ConsoleRoutingReplace: ok(merchants.ConsoleRoutingAnswer),
  ConsoleMidLimits: ok(merchants.ConsoleMidLimitsAnswer),
  ConsoleRiskBlocklist: ok(risk.ConsoleRiskBlocklistAnswer),
  ConsoleRiskBlockAdd: created(risk.ConsoleRiskBlockAddAnswer),
  ConsoleRiskBlockRemove: ok(risk.ConsoleRiskBlockRemoveAnswer),
  ConsoleRiskRules: ok(risk.ConsoleRiskRulesAnswer),
  ConsoleRiskRulesReplace: ok(risk.ConsoleRiskRulesAnswer),
  ConsoleRiskSettings: ok(risk.ConsoleRiskSettingsAnswer),
  ConsoleRiskSettingsReplace: ok(risk.ConsoleRiskSettingsAnswer),
  ConsoleWalletConfigure: ok(merchants.ConsoleWalletConfigureAnswer),
  ConsolePayments: ok(payments.ConsolePaymentsAnswer),
  ConsolePayment: ok(payments.ConsolePaymentAnswer),
  ConsolePaymentAction: ok(payments.ConsolePaymentActionAnswer),
  ConsoleCallbacks: ok(callbacks.ConsoleCallbacksAnswer),
  ConsoleCallbackReplay: ok(callbacks.ConsoleReplayed),
  ConsoleCallbacksFailed: ok(callbacks.ConsoleCallbacksFailedAnswer),
  ConsoleCallbacksReplayFailed: ok(callbacks.ConsoleCallbacksReplayFailedAnswer),
  ConsoleChargebacks: ok(payments.ConsoleChargebacksAnswer),
  ConsoleChargebackOpen: created(payments.ConsoleChargebackOpenAnswer),
  ConsoleReconciliation: ok(payments.ConsoleReconciliationAnswer),
  ConsoleReconciliationInquire: ok(payments.ConsoleReconciliationInquireAnswer),
  ConsoleSchedules: ok(schedules.ConsoleSchedulesAnswer),
  ConsoleSchedule: ok(schedules.ConsoleScheduleAnswer),
  ConsoleScheduleAction: ok(schedules.ConsoleScheduleActionAnswer),
  ConsoleSubscriptionAction: ok(schedules.ConsoleSubscriptionActionAnswer),
  ConsoleUsers: ok(users.ConsoleUsersAnswer),
  ConsoleUserInvite: created(users.ConsoleUserInviteAnswer),
  ConsoleUserAccess: ok(users.ConsoleUserAccessAnswer),
  ConsoleAudit: ok(users.ConsoleAuditAnswer),
  ConsoleDashboard: ok(users.ConsoleDashboardAnswer),
  ConsoleBooksBalances: ok(books.ConsoleBalancesAnswer),
  ConsoleBooksSettlements: ok(books.ConsoleSettlementsAnswer),
  ConsoleBooksSettlement: ok(books.ConsoleSettlementAnswer),
  ConsoleBooksPlatform: ok(books.ConsolePlatformBooksAnswer),
  ConsoleFees: ok(fees.ConsoleFeesAnswer),
  ConsoleFeesReplace: ok(fees.ConsoleFeesAnswer),
};

/** The shapes the reference names once (components.schemas, in this order) and refers to from the answers. */
export const CONSOLE_COMPONENTS = [
  users.ConsoleUser,
  merchants.ConsoleMerchant,
  merchants.ConsoleMid,
  merchants.ConsoleWallet,
  payments.ConsolePayment,
  books.ConsoleSettlement,
  payments.ConsoleTimelineEntry,
  callbacks.ConsoleCallbackAttempt,
  schedules.ConsoleSchedule,
  schedules.ConsoleSubscription,
  users.ConsoleAuditEntry,
  merchants.ConsoleRoutingTable,
];
