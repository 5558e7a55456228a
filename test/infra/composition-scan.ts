/**
 * What a function's code reads from its Deps and what its compositions name, from the sources of the modules in its
 * bundle (test/infra/composition.test.ts). Deliberately plain text: operations reach their ports as `d.<port>`,
 * `deps.<port>` (also `req.deps`, `cx.d`) or by destructuring them, and handlers compose with a literal table.
 */
export const PORTS = new Set([
  'config', 'payments', 'merchants', 'secrets', 'callbackQueue', 'clock', 'testClock', 'newId', 'checkoutSessions', 'cardVault',
  'schedules', 'recurringQueue', 'walletConfigs', 'walletTokens', 'chargebacks', 'providerSecrets', 'connectors', 'apmConnectors', 'callbacks',
  'reconciliation', 'sealedCards', 'apmDeadlines', 'tableHealth', 'deadlineTimers',
]);

interface Source {
  file: string;
  source: string;
}

const code = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

export function portsRead(sources: Source[]): Set<string> {
  const read = new Set<string>();
  for (const { source } of sources) {
    const text = code(source);
    for (const m of text.matchAll(/\b(?:d|deps)\??\s*\.\s*([A-Za-z]+)\b/g)) if (PORTS.has(m[1]!)) read.add(m[1]!);
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:[\w.]+\.)?(?:d|deps)\b/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part.split(':')[0]!.trim();
        if (PORTS.has(name)) read.add(name);
      }
    }
  }
  return read;
}

/** Keys of every `composition({ … })` table, following `...NAME` spreads of tables declared in the same sources. */
export function portsComposed(sources: Source[]): Set<string> {
  const text = sources.map((s) => code(s.source)).join('\n');
  const tables = new Map<string, string>();
  for (const m of text.matchAll(/const (\w+)(?::\s*PortTable)?\s*=\s*\{([^{}]*)\}/g)) tables.set(m[1]!, m[2]!);
  const composed = new Set<string>();
  const addTable = (body: string, seen: Set<string>) => {
    for (const part of body.split(',')) {
      const item = part.trim();
      if (!item) continue;
      if (item.startsWith('...')) {
        const name = item.slice(3).trim();
        if (!seen.has(name) && tables.has(name)) addTable(tables.get(name)!, new Set([...seen, name]));
        continue;
      }
      const key = item.split(':')[0]!.trim();
      if (PORTS.has(key)) composed.add(key);
    }
  };
  for (const m of text.matchAll(/\bcomposition\(\s*\{([^{}]*)\}\s*\)/g)) addTable(m[1]!, new Set());
  for (const m of text.matchAll(/\bcomposition\(\s*(\w+)\s*\)/g)) if (tables.has(m[1]!)) addTable(tables.get(m[1]!)!, new Set([m[1]!]));
  return composed;
}
