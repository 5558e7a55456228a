/**
 * The console's ports, built once per container by the composition root (shared/entry/composition/deps.ts, consoleDeps()), the only
 * place that knows they are DynamoDB and Cognito.
 */
import type { ConsoleUserStore } from '../../ports/console-users.js';
import type { ConsoleSessionStore, PendingSignInStore } from '../../ports/console-sessions.js';
import type { AuditLog } from '../../ports/console-audit.js';
import type { ConsolePaymentIndex } from '../../ports/console-payments.js';
import type { ConsoleIdentity } from '../../ports/console-identity.js';
import type { ConsoleScheduleIndex } from '../../ports/console-schedules.js';
import type { ConsoleCounters, StreamDecoder } from '../../ports/console-counters.js';
import type { CallbackContext, WithCallbacks } from '../callbacks/context.js';

/**
 * `D`: the function's composition. An operation declares the ports it reads, `cx: ConsoleContext<Pick<Deps, …>>`, so
 * a console function composing too few fails to compile; one reading none takes `ConsoleContext`.
 */
export interface ConsoleContext<D = unknown> {
  d: D;
  users: ConsoleUserStore;
  sessions: ConsoleSessionStore;
  pending: PendingSignInStore;
  audit: AuditLog;
  paymentIndex: ConsolePaymentIndex;
  scheduleIndex: ConsoleScheduleIndex;
  /** The dashboard's hourly counters, kept from the table's stream. */
  counters: ConsoleCounters;
  /** The table stream's records as table changes (DynamoDB's wire format is the adapters' business). */
  tableChanges: StreamDecoder;
  /** Cognito; refused when the stage has no console user pool configured. */
  identity(): ConsoleIdentity;
  /** The callbacks port: callable only where `D` holds it (an operation calling it declares WithCallbacks). */
  callbacks: D extends WithCallbacks ? () => CallbackContext : unknown;
}
