/**
 * A function's Deps: the ports it composes, each built on first use by its module in shared/entry/composition. A handler
 * composes only what its operations read, so its bundle carries no other adapter or SDK client; reading a port it
 * did not compose is a programming error, named at once (test/infra/composition.test.ts checks every function's
 * bundle for it). composition() returns exactly the ports its table names (`Pick<Deps, …>`), and each operation
 * declares the ports it reads the same way, so a handler that composes too few fails to compile.
 */
// A function composes ports and the feature contexts over them: Deps here is the whole of what it may compose.
import type { Composed as Deps } from './composed.js';

export type PortTable = { readonly [K in keyof Deps]?: (d: Deps) => Deps[K] };

/** A table naming the ports K: the keys are inferred from the table, so composition() types its Deps as those ports. */
export type PortsOf<K extends keyof Deps> = { readonly [P in K]: (d: Deps) => Deps[P] };

/** Every port's name (the type makes this list complete). */
const PORT_NAMES = Object.keys({
  config: 1,
  payments: 1,
  merchants: 1,
  secrets: 1,
  callbackQueue: 1,
  clock: 1,
  testClock: 1,
  newId: 1,
  checkoutSessions: 1,
  cardVault: 1,
  schedules: 1,
  recurringQueue: 1,
  walletConfigs: 1,
  walletTokens: 1,
  chargebacks: 1,
  providerSecrets: 1,
  connectors: 1,
  apmConnectors: 1,
  callbacks: 1,
  reconciliation: 1,
  sealedCards: 1,
  apmDeadlines: 1,
  tableHealth: 1,
  apiKeys: 1,
  risk: 1,
  riskAdmin: 1,
} satisfies Record<keyof Deps, 1>) as (keyof Deps)[];

export class PortNotComposedError extends Error {
  constructor(readonly port: string) {
    super(`The port '${port}' is not composed into this function: add it to the handler's composition (shared/entry/composition)`);
  }
}

/** The Deps of one function (or family of handlers): `table` names the ports, each built by its module. */
export function composition<K extends keyof Deps>(table: PortsOf<K>): () => Pick<Deps, K> {
  let d: Deps | undefined;
  return () => (d ??= assemble(table));
}

function assemble(table: PortTable): Deps {
  const d = {} as Deps;
  for (const name of PORT_NAMES) {
    const build = table[name] as ((d: Deps) => unknown) | undefined;
    Object.defineProperty(
      d,
      name,
      build
        ? { enumerable: true, get: () => build(d) }
        : {
            enumerable: false,
            get: () => {
              throw new PortNotComposedError(name);
            },
          },
    );
  }
  return d;
}
