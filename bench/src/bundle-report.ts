/**
 * `npx tsx bench/src/bundle-report.ts [--top 12] [--by package|file] [--why <input>] [handler ...]`
 *
 * What is in each function's bundle: every handler (or the ones named) bundled as CDK bundles it (LAMBDA_BUNDLING),
 * its size, and its largest inputs by package or by file (esbuild's metafile), so a size change has a cause to point at.
 * --why: the shortest import chain from the handler to the first input whose path contains the text.
 */
import { parseArgs } from 'node:util';
import type { Metafile } from 'esbuild';
import { allHandlers, bundleHandler, bundleLazyModule, inputsBy, lazyModulesOf } from './bundles.js';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '12' }, by: { type: 'string', default: 'package' }, why: { type: 'string' } },
  allowPositionals: true,
});
const top = Number(values.top);
const by = values.by === 'file' ? 'file' : 'package';
const handlers = positionals.length ? positionals : allHandlers();
for (const handler of handlers) {
  const { meta, bytes } = await bundleHandler(handler);
  console.log(`${handler}  ${(bytes / 1024).toFixed(1)} KiB`);
  if (values.why) console.log(`  ${importChain(meta, values.why).join('\n    → ') || `nothing matches ${values.why}`}`);
  else for (const [name, b] of inputsBy(meta, by).slice(0, top)) console.log(`  ${(b / 1024).toFixed(1).padStart(7)} KiB  ${name}`);
  // Beside it, imported when first needed (RouteDefinition.lazyModules): not in the bundle's size.
  for (const m of lazyModulesOf(handler))
    console.log(`  + ${m.file} beside it: ${((await bundleLazyModule(m)).bytes / 1024).toFixed(1)} KiB`);
}

/** Breadth-first from the input back to the entry (functions/...), through the modules that import it. */
function importChain(meta: Metafile, text: string): string[] {
  const importers = new Map<string, string[]>();
  for (const [file, info] of Object.entries(meta.inputs))
    for (const i of info.imports) importers.set(i.path, [...(importers.get(i.path) ?? []), file]);
  const start = Object.keys(meta.inputs).find((f) => f.includes(text));
  if (!start) return [];
  const next = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    if (file.startsWith('functions/')) {
      const chain = [];
      for (let f: string | undefined = file; f; f = next.get(f)) chain.push(f);
      return chain;
    }
    for (const by of importers.get(file) ?? []) {
      if (next.has(by) || by === start) continue;
      next.set(by, file);
      queue.push(by);
    }
  }
  return [start];
}
