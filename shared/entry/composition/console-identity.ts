/** The console's sign-in and user management on the stage's Cognito user pool: only the functions that use it compose it. */
import { CognitoConsoleIdentity } from '../../adapters/aws/cognito-identity.js';
import type { ConsoleIdentity } from '../../ports/console-identity.js';
import { ConsoleAuthError } from '../../operations/console/errors.js';
import { config } from './core.js';
import { port } from './port.js';

/** Refused (ConsoleAuthError) on a stage without a console user pool, at each use until one is configured. */
export const consoleIdentity: () => ConsoleIdentity = /* @__PURE__ */ port(() => {
  const c = config();
  if (!c.CONSOLE_USER_POOL_ID || !c.CONSOLE_USER_POOL_CLIENT_ID) throw new ConsoleAuthError('The console has no user pool on this stage.');
  return new CognitoConsoleIdentity(c, c.CONSOLE_USER_POOL_ID, c.CONSOLE_USER_POOL_CLIENT_ID);
});
