/**
 * `npx tsx scripts/bench/bundle-report.ts [--top 12] [--by package|file] [handler ...]`
 *
 * What is in each function's bundle: every handler (or the ones named) bundled as CDK bundles it (LAMBDA_BUNDLING),
 * its size, and its largest inputs by package or by file (esbuild's metafile), so a size change has a cause to point at.
 */
import { parseArgs } from 'node:util';
import { allHandlers, bundleHandler, inputsBy } from './bundles.js';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '12' }, by: { type: 'string', default: 'package' } },
  allowPositionals: true,
});
const top = Number(values.top);
const by = values.by === 'file' ? 'file' : 'package';
const handlers = positionals.length ? positionals : allHandlers();
for (const handler of handlers) {
  const { meta, bytes } = await bundleHandler(handler);
  console.log(`${handler}  ${(bytes / 1024).toFixed(1)} KiB`);
  for (const [name, b] of inputsBy(meta, by).slice(0, top)) console.log(`  ${(b / 1024).toFixed(1).padStart(7)} KiB  ${name}`);
}
