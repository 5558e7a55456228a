/**
 * The console's ports (DynamoDB stores) over a console function's Deps. The Cognito identity is its own port
 * (console-identity.ts): only the functions that sign in or manage users compose it, so the others carry no Cognito
 * client; reading it where it was not composed throws PortNotComposedError.
 */
import { DynamoConsoleUsers } from '../../adapters/aws/dynamo-console-users.js';
import { DynamoConsoleSessions, DynamoPendingSignIns } from '../../adapters/aws/dynamo-console-sessions.js';
import { DynamoAuditLog } from '../../adapters/aws/dynamo-console-audit.js';
import { DynamoConsolePayments } from '../../adapters/aws/dynamo-console-payments.js';
import { DynamoConsoleSchedules } from '../../adapters/aws/dynamo-console-schedules.js';
import { DynamoConsoleCounters } from '../../adapters/aws/dynamo-console-counters.js';
import { tableChanges } from '../../adapters/aws/stream-changes.js';
import type { ConsoleIdentity } from '../../ports/console-identity.js';
import type { ConsoleContext } from '../../operations/console/console-deps.js';
import type { Composed } from './composed.js';
import { PortNotComposedError } from './compose.js';
import { config } from './core.js';
import { port } from './port.js';

const stores = /* @__PURE__ */ port(() => {
  const c = config();
  return {
    users: new DynamoConsoleUsers(c.TABLE_NAME),
    // Sessions end by the real time: moving a sandbox's test clock must not sign people out (or in).
    sessions: new DynamoConsoleSessions(c.TABLE_NAME),
    pending: new DynamoPendingSignIns(c.TABLE_NAME),
    audit: new DynamoAuditLog(c.TABLE_NAME),
    paymentIndex: new DynamoConsolePayments(c.TABLE_NAME),
    scheduleIndex: new DynamoConsoleSchedules(c.TABLE_NAME),
    counters: new DynamoConsoleCounters(c.TABLE_NAME),
    tableChanges,
  };
});

const identityNotComposed = (): ConsoleIdentity => {
  throw new PortNotComposedError('identity');
};

const built = new WeakMap<object, { stores: ReturnType<typeof stores>; cx: ConsoleContext<unknown> }>();

/**
 * The console's context over `ports` (a function's composition), rebuilt when the ports are (the local platform or a
 * test resets them). `identity`: the console-identity port, for the functions that use Cognito.
 */
export function consoleContext<D extends Partial<Composed>>(
  ports: D,
  identity: () => ConsoleIdentity = identityNotComposed,
): ConsoleContext<D> {
  const s = stores();
  const known = built.get(ports);
  if (known?.stores === s) return known.cx as ConsoleContext<D>;
  // The callback context is read where an operation calls cx.callbacks() (test/infra/composition-scan.ts); its type
  // lets only a composition holding the port call it, and the port itself fails by name when not composed.
  const callbacks = () => (ports as Partial<Composed>).callbacks;
  const cx = { d: ports, ...s, identity, callbacks } as ConsoleContext<D>;
  built.set(ports, { stores: s, cx });
  return cx;
}
