/** Loads a handler module named in the route/event tables (TypeScript source, through tsx or vitest). */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import { runInvocation } from './invocations.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler<E, R> = (event: E, context: any) => Promise<R>;

const cache = new Map<string, Promise<Handler<unknown, unknown>>>();

export function loadHandler<E, R>(modulePath: string): Promise<Handler<E, R>> {
  let loaded = cache.get(modulePath);
  if (!loaded) {
    const url = pathToFileURL(resolve(REPO_ROOT, `${modulePath}.ts`)).href;
    loaded = import(url).then((m: { handler?: Handler<unknown, unknown> }) => {
      const handler = m.handler;
      if (typeof handler !== 'function') throw new Error(`${modulePath} exports no handler`);
      // Each call runs as one invocation of the function the context names (scripts/local/invocations.ts).
      return (event: unknown, context: { functionName?: string } | undefined) => runInvocation(context?.functionName ?? modulePath, () => handler(event, context));
    });
    cache.set(modulePath, loaded);
  }
  return loaded as Promise<Handler<E, R>>;
}
