/** The console's ports (DynamoDB stores, Cognito identity) over the console functions' Deps. */
import { DynamoConsoleUsers } from '../adapters/dynamo-console-users.js';
import { DynamoConsoleSessions, DynamoPendingSignIns } from '../adapters/dynamo-console-sessions.js';
import { DynamoAuditLog } from '../adapters/dynamo-console-audit.js';
import { DynamoConsolePayments } from '../adapters/dynamo-console-payments.js';
import { DynamoConsoleSchedules } from '../adapters/dynamo-console-schedules.js';
import { DynamoConsoleCounters } from '../adapters/dynamo-console-counters.js';
import { tableChanges } from '../adapters/stream-changes.js';
import { CognitoConsoleIdentity } from '../adapters/cognito-identity.js';
import type { ConsoleIdentity } from '../ports/console-identity.js';
import type { ConsoleContext } from '../operations/console/console-deps.js';
import { ConsoleAuthError } from '../operations/console/errors.js';
import type { Deps } from '../deps.js';
import { config } from './core.js';
import { port } from './port.js';

const stores = /* @__PURE__ */ port(() => {
  const c = config();
  let identity: ConsoleIdentity | undefined;
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
    identity(): ConsoleIdentity {
      if (identity) return identity;
      if (!c.CONSOLE_USER_POOL_ID || !c.CONSOLE_USER_POOL_CLIENT_ID) throw new ConsoleAuthError('The console has no user pool on this stage.');
      identity = new CognitoConsoleIdentity(c, c.CONSOLE_USER_POOL_ID, c.CONSOLE_USER_POOL_CLIENT_ID);
      return identity;
    },
  };
});

const built = new WeakMap<Deps, { stores: ReturnType<typeof stores>; cx: ConsoleContext }>();

/** The console's context over `d`, rebuilt when the ports are (the local platform or a test resets them). */
export function consoleContext(d: Deps): ConsoleContext {
  const s = stores();
  const known = built.get(d);
  if (known?.stores === s) return known.cx;
  const cx: ConsoleContext = { d, ...s, callbacks: () => d.callbacks };
  built.set(d, { stores: s, cx });
  return cx;
}
