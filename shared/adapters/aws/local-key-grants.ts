/**
 * Local stand-in for IAM on the purpose keys: moto does not enforce policies, so the local gateway and pollers run
 * each handler with its route's grants and the SecretBox refuses a purpose the function was not granted. Without a
 * store (Lambda, admin CLI, tests calling adapters directly) nothing is checked here; IAM does it on AWS.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<readonly string[]>();

export function runWithLocalGrants<T>(grants: readonly string[], fn: () => T): T {
  return current.run(grants, fn);
}

export function assertLocalGrant(grant: string): void {
  const grants = current.getStore();
  if (grants && !grants.includes(grant)) {
    throw Object.assign(new Error(`AccessDeniedException: this function's grants do not include ${grant}`), {
      name: 'AccessDeniedException',
    });
  }
}
