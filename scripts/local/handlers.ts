/**
 * Loads a handler module named in the route/event tables (TypeScript source, through tsx or vitest) and runs each
 * invocation as Lambda's runtime runs concurrent invocations in one process (Lambda Managed Instances): inside its
 * own InvokeStore context, so Powertools keeps every invocation's log keys and Lambda context apart although the
 * local gateway and pollers run many at once.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import { eventShape, runInvocation } from './invocations.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares its own Lambda context type; this cache holds them all
export type Handler<E, R> = (event: E, context: any) => Promise<R>;

const cache = new Map<string, Promise<Handler<unknown, unknown>>>();

/**
 * The runtime's store, created as this module loads: before any SDK call (the SDK would create a single-invocation
 * one), and before Powertools is told that invocations may run concurrently (it then requires a store). Should
 * another copy have created a single-invocation store first, Powertools is left as it was (one shared context).
 */
const store = await InvokeStore.getInstanceAsync(true);
if ('als' in store) process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';

export function loadHandler<E, R>(modulePath: string): Promise<Handler<E, R>> {
  let loaded = cache.get(modulePath);
  if (!loaded) {
    const url = pathToFileURL(resolve(REPO_ROOT, `${modulePath}.ts`)).href;
    loaded = (import(url) as Promise<{ handler?: Handler<unknown, unknown> }>).then((m) => {
      const handler = m.handler;
      if (typeof handler !== 'function') throw new Error(`${modulePath} exports no handler`);
      // Each call runs as one invocation of the function the context names (scripts/local/invocations.ts).
      return (event: unknown, context: { awsRequestId?: string; functionName?: string } | undefined) =>
        runInvocation(
          context?.functionName ?? modulePath,
          () =>
            store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context?.awsRequestId ?? randomUUID() }, () =>
              handler(event, context),
            ),
          eventShape(event),
        );
    });
    cache.set(modulePath, loaded);
  }
  return loaded as Promise<Handler<E, R>>;
}
