/**
 * What a function's code reads from its Deps and what its compositions name, from the code of our modules in its
 * bundle (test/infra/composition.test.ts): the readable (unminified) bundle, split at esbuild's `// <file>` module
 * headers, so only the statements tree shaking kept are read. Deliberately plain text: operations reach their ports
 * as `d.<port>`, `deps.<port>` (also `req.deps`, `cx.d`) or by destructuring them, and handlers compose with a
 * literal table.
 */
export const PORTS = new Set([
  'config',
  'payments',
  'merchants',
  'secrets',
  'callbackQueue',
  'clock',
  'testClock',
  'newId',
  'checkoutSessions',
  'cardVault',
  'schedules',
  'recurringQueue',
  'walletConfigs',
  'walletTokens',
  'chargebacks',
  'providerSecrets',
  'connectors',
  'apmConnectors',
  'callbacks',
  'reconciliation',
  'sealedCards',
  'apmDeadlines',
  'tableHealth',
]);

interface Source {
  file: string;
  source: string;
}

/** Our modules' code in a readable bundle (shared/ and functions/), one Source per module, as esbuild kept it. */
export function keptModules(bundle: string): Source[] {
  const out: Source[] = [];
  const parts = bundle.split(/^\/\/ (\S+)$/m);
  for (let i = 1; i < parts.length; i += 2) {
    const file = parts[i]!;
    if (/^(shared|functions)\//.test(file)) out.push({ file, source: parts[i + 1] ?? '' });
  }
  return out;
}

const code = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

export function portsRead(sources: Source[]): Set<string> {
  const read = new Set<string>();
  for (const { source } of sources) {
    const text = code(source);
    // esbuild may number a local it renames (d2).
    for (const m of text.matchAll(/\b(?:d|deps)\d*\??\s*\.\s*([A-Za-z]+)\b/g)) if (PORTS.has(m[1]!)) read.add(m[1]!);
    // The console context hands its Deps' callback context on (shared/entry/composition/console.ts).
    if (/\bcx\.callbacks\(\)/.test(text)) read.add('callbacks');
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:[\w.]+\.)?(?:d|deps)\d*\b/g)) {
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
  for (const m of text.matchAll(/(?:const|var|let) (\w+)(?::\s*PortTable)?\s*=\s*\{([^{}]*)\}/g)) tables.set(m[1]!, m[2]!);
  // A table of the payment cores and more (shared/entry/composition/tables.ts): read as the spread it makes.
  for (const m of text.matchAll(/(?:const|var|let) (\w+)\s*=\s*(?:\/\*\s*@__PURE__\s*\*\/\s*)?paymentPortsAnd\(\s*\{([^{}]*)\}\s*\)/g))
    tables.set(m[1]!, `...PAYMENT_PORTS, ${m[2]!}`);
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

/** Whether the code calls the console's Cognito identity (cx.identity()), which the function must then compose. */
export function readsConsoleIdentity(sources: Source[]): boolean {
  return sources.some(({ source }) => /\bcx\.identity\(\)/.test(code(source)));
}
