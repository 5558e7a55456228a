/**
 * Each function composes only the ports it uses (shared/entry/composition), and reading a port it did not compose fails
 * at run time (PortNotComposedError). This test makes that a build-time check: in every function's bundle, the ports
 * its code reads (`d.<port>`, `deps.<port>`, destructuring from them, a console operation's `cx.callbacks()`) are
 * among the ports its compositions name, and a console function calling `cx.identity()` composes the Cognito identity.
 * It reads the code esbuild kept (the readable bundle, module by module), so it follows tree shaking exactly as the
 * bundle does, statement by statement.
 * Likewise for files read at run time: a function whose code reads the page dictionaries (page-text.ts) ships them
 * beside its bundle (its definitions' bundleFiles).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { allHandlers, bundleHandlers, type Bundled } from '../../bench/src/bundles.js';
import { keptModules, portsComposed, portsRead, readsConsoleIdentity } from './composition-scan.js';
import { OPS_EVENTS, QUEUE_CONSUMERS, ROUTES, SCHEDULED, STREAM_CONSUMERS } from '../../shared/entry/routes/index.js';
import { PAGE_TEXT_FILES } from '../../shared/pages/page-text.js';

const DEFINITIONS = [...ROUTES, ...QUEUE_CONSUMERS, ...SCHEDULED, ...OPS_EVENTS, ...STREAM_CONSUMERS];

// Every function's readable bundle, in one esbuild run (the same files as one run per function).
let bundles: Map<string, Bundled>;
beforeAll(async () => {
  bundles = await bundleHandlers(allHandlers(), { readable: true });
}, 300_000);

describe('per-function composition', () => {
  it.each(allHandlers())('%s composes every port its code reads and ships the files it reads', (handler) => {
    const { file } = bundles.get(handler)!;
    const kept = keptModules(readFileSync(file, 'utf8'));
    const composed = portsComposed(kept);
    expect([...portsRead(kept)].filter((p) => !composed.has(p))).toEqual([]);
    // A console function that signs in or manages users composes the Cognito identity (its wiring's `identity`).
    if (readsConsoleIdentity(kept))
      expect(
        kept.map((k) => k.file),
        'the console identity port',
      ).toContain('shared/entry/composition/console-identity.ts');
    if (kept.some((k) => k.file.endsWith('pages/page-text.ts'))) {
      const shipped = (d: (typeof DEFINITIONS)[number]) => ('bundleFiles' in d ? (d.bundleFiles ?? []) : []);
      const without = DEFINITIONS.filter((d) => d.handler === handler && !PAGE_TEXT_FILES.every((f) => shipped(d).includes(f)));
      expect(
        without.map((d) => d.id),
        'routes without the page dictionaries in bundleFiles',
      ).toEqual([]);
    }
  });
});
