/**
 * The console's ports, built once per container on top of the composition root (deps()). This file and
 * shared/deps.ts are the only places that know they are DynamoDB and Cognito.
 */
import { deps, type Deps } from '../../deps.js';
import { DynamoConsoleUsers } from '../../adapters/dynamo-console-users.js';
import { DynamoConsoleSessions, DynamoPendingSignIns } from '../../adapters/dynamo-console-sessions.js';
import { DynamoAuditLog } from '../../adapters/dynamo-console-audit.js';
import { DynamoConsolePayments } from '../../adapters/dynamo-console-payments.js';
import { CognitoConsoleIdentity } from '../../adapters/cognito-identity.js';
import type { ConsoleUserStore } from '../../ports/console-users.js';
import type { ConsoleSessionStore, PendingSignInStore } from '../../ports/console-sessions.js';
import type { AuditLog } from '../../ports/console-audit.js';
import type { ConsolePaymentIndex } from '../../ports/console-payments.js';
import type { ConsoleIdentity } from '../../ports/console-identity.js';
import type { CallbackContext } from '../callbacks/context.js';
import { callbackDeps } from '../../deps.js';
import { ConsoleAuthError } from './errors.js';

export interface ConsoleContext {
  d: Deps;
  users: ConsoleUserStore;
  sessions: ConsoleSessionStore;
  pending: PendingSignInStore;
  audit: AuditLog;
  paymentIndex: ConsolePaymentIndex;
  /** Cognito; refused when the stage has no console user pool configured. */
  identity(): ConsoleIdentity;
  callbacks(): CallbackContext;
}

let current: { base: Deps; cx: ConsoleContext } | undefined;

export function consoleDeps(): ConsoleContext {
  const d = deps();
  // deps() is rebuilt when the local platform or a test resets it; follow it.
  if (current?.base === d) return current.cx;
  const { config } = d;
  let identity: ConsoleIdentity | undefined;
  const cx: ConsoleContext = {
    d,
    users: new DynamoConsoleUsers(config.TABLE_NAME),
    // Sessions end by the real time: moving a sandbox's test clock must not sign people out (or in).
    sessions: new DynamoConsoleSessions(config.TABLE_NAME),
    pending: new DynamoPendingSignIns(config.TABLE_NAME),
    audit: new DynamoAuditLog(config.TABLE_NAME),
    paymentIndex: new DynamoConsolePayments(config.TABLE_NAME),
    identity() {
      if (identity) return identity;
      if (!config.CONSOLE_USER_POOL_ID || !config.CONSOLE_USER_POOL_CLIENT_ID) throw new ConsoleAuthError('The console has no user pool on this stage.');
      identity = new CognitoConsoleIdentity(config, config.CONSOLE_USER_POOL_ID, config.CONSOLE_USER_POOL_CLIENT_ID);
      return identity;
    },
    callbacks: () => callbackDeps(),
  };
  current = { base: d, cx };
  return cx;
}
