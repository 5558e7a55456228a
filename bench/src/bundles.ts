/**
 * Bundle sizes of every function, built as CDK builds them (esbuild with LAMBDA_BUNDLING), and a cold-start proxy:
 * importing a bundle in a fresh node ÷ importing a bundle of only the SDK clients that function uses.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { LAMBDA_BUNDLING } from '../../infra/constructs/platform-function.js';
import { OPS_EVENTS, QUEUE_CONSUMERS, ROUTES, SCHEDULED, STREAM_CONSUMERS } from '../../shared/entry/routes/index.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import type { LazyModule } from '../../shared/lib/wallets/lazy-module.js';

/** The largest bundle's budget, and the import ratio's: the issue's, against the SDK alone measured in the same run. */
export const BUNDLE_BUDGET_KIB = 640;
export const IMPORT_RATIO_BUDGET = 1.15;
/** The SDK clients the payment functions use, bundled alone: the baseline the bundle budget is set against. */
const SDK_BASELINE = ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/client-kms', '@aws-sdk/client-sqs'];

export interface BundleFigures {
  /** KiB per function handler module. */
  sizes: Record<string, number>;
  largestKiB: number;
  /** The largest bundle's handler. */
  largest?: string;
  smallestKiB: number;
  /** Functions within BUNDLE_BUDGET_KIB, of all. */
  withinBudget?: { count: number; of: number };
  /** KiB of SDK_BASELINE bundled alone, minified (this run). */
  sdkAloneKiB?: number;
  /** KiB of the largest bundle by package (top few), to show where the size is. */
  largestBy: Record<string, number>;
  importRatios: Record<string, { bundleMs: number; sdkOnlyMs: number; ratio: number; sdk: string[] }>;
  /** Each module bundled beside the functions that import it when first needed: KiB and its import time (median). */
  lazyModules?: Record<string, { kib: number; importMs: number; besides: string[] }>;
}

const KiB = 1024;

/** Every function's handler module (routes, queue and stream consumers, schedules, ops events). */
export function allHandlers(): string[] {
  return [...new Set([...ROUTES, ...QUEUE_CONSUMERS, ...SCHEDULED, ...OPS_EVENTS, ...STREAM_CONSUMERS].map((d) => d.handler))].sort();
}

/** A bundle: its metafile (one output), its size in bytes and where it was written. */
export interface Bundled {
  meta: Metafile;
  bytes: number;
  file: string;
}

/**
 * One handler bundled as CDK bundles it, into a temporary file (or `outfile`). `readable`: the same bundle (same tree
 * shaking) without minifying, so its code can be read by name (test/infra/composition.test.ts).
 */
export async function bundleHandler(handler: string, outfile?: string, opts: { readable?: boolean } = {}): Promise<Bundled> {
  const file = outfile ?? join(mkdtempSync(join(tmpdir(), 'bundle-')), `${handler.replaceAll('/', '_')}.mjs`);
  const meta = await bundle(join(REPO_ROOT, `${handler}.ts`), file, opts.readable ? false : LAMBDA_BUNDLING.minify);
  return { meta, bytes: Object.values(meta.outputs)[0]!.bytes, file };
}

/**
 * Many handlers bundled as bundleHandler bundles each, in one esbuild run (the tests bundle every function): each
 * output is the same file byte for byte, as no code is split between them, but the modules they share (the SDK, the
 * platform) are read and parsed once instead of once per function.
 */
export function bundleHandlers(handlers: string[], opts: { readable?: boolean } = {}): Promise<Map<string, Bundled>> {
  const entries = new Map(handlers.map((h) => [h, { name: h.replaceAll('/', '_'), source: join(REPO_ROOT, `${h}.ts`) }]));
  return bundleMany(entries, 'bundles-', opts.readable ? false : LAMBDA_BUNDLING.minify);
}

/** The modules a handler's functions import when first needed, bundled beside its bundle (RouteDefinition.lazyModules). */
export function lazyModulesOf(handler: string): LazyModule[] {
  const all = ROUTES.filter((r) => r.handler === handler).flatMap((r) => r.lazyModules ?? []);
  return [...new Map(all.map((m) => [m.file, m])).values()];
}

/** A lazy module bundled as the function's afterBundling step bundles it (lazyModuleCommand: the same settings). */
export async function bundleLazyModule(m: LazyModule, outfile?: string): Promise<Bundled> {
  const file = outfile ?? join(mkdtempSync(join(tmpdir(), 'lazy-')), m.file);
  const meta = await bundle(join(REPO_ROOT, m.source), file, LAMBDA_BUNDLING.minify);
  return { meta, bytes: Object.values(meta.outputs)[0]!.bytes, file };
}

/** Lazy modules bundled as bundleLazyModule bundles each, in one esbuild run (see bundleHandlers); keyed by `file`. */
export function bundleLazyModules(modules: LazyModule[]): Promise<Map<string, Bundled>> {
  const entries = new Map(modules.map((m) => [m.file, { name: m.file.replace(/\.m?js$/, ''), source: join(REPO_ROOT, m.source) }]));
  return bundleMany(entries, 'lazy-', LAMBDA_BUNDLING.minify);
}

/** Bytes in the output per package (node_modules/<pkg>, or the repository's top folder) or per input file, largest first. */
export function inputsBy(meta: Metafile, by: 'package' | 'file'): [string, number][] {
  const sums: Record<string, number> = {};
  for (const [input, info] of Object.entries(Object.values(meta.outputs)[0]!.inputs)) {
    const key = by === 'package' ? packageOf(input) : input;
    sums[key] = (sums[key] ?? 0) + info.bytesInOutput;
  }
  return Object.entries(sums).sort((a, b) => b[1] - a[1]);
}

async function bundle(entry: string, outfile: string, minify: boolean): Promise<Metafile> {
  const res = await build({ ...buildOptions(minify), entryPoints: [entry], outfile });
  return res.metafile;
}

/** Each entry (key → output name and source) to `<name>.mjs` in one fresh folder; each with its own one-output metafile. */
async function bundleMany(
  entries: Map<string, { name: string; source: string }>,
  folder: string,
  minify: boolean,
): Promise<Map<string, Bundled>> {
  const outdir = mkdtempSync(join(tmpdir(), folder));
  const res = await build({
    ...buildOptions(minify),
    entryPoints: Object.fromEntries([...entries.values()].map((e) => [e.name, e.source])),
    outdir,
    outExtension: { '.js': '.mjs' },
  });
  const outputs = Object.entries(res.metafile.outputs);
  const bundled = new Map<string, Bundled>();
  for (const [key, { name }] of entries) {
    const file = join(outdir, `${name}.mjs`);
    const output = outputs.find(([path]) => resolve(path) === file);
    if (!output) throw new Error(`esbuild wrote no ${file}`);
    bundled.set(key, { meta: { inputs: res.metafile.inputs, outputs: { [output[0]]: output[1] } }, bytes: output[1].bytes, file });
  }
  return bundled;
}

function buildOptions(minify: boolean): BuildOptions & { metafile: true } {
  const { target, mainFields, banner } = LAMBDA_BUNDLING;
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target,
    minify,
    mainFields: [...mainFields],
    banner: { js: banner },
    metafile: true,
    logLevel: 'silent',
  };
}

function packageOf(path: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return m ? m[1]! : path.split('/').slice(0, 2).join('/');
}

/** Median import time (ms) of a module in a fresh node, over `runs` runs. */
function importMs(file: string, runs: number): number {
  const code = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: process.env });
    if (res.status !== 0) throw new Error(`import of ${file} failed: ${res.stderr}`);
    times.push(Number(res.stdout.trim().split('\n').pop()));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The SDK packages named, whole (every command), bundled and minified as the functions are: `<base>.mjs`. */
async function sdkOnly(packages: string[], base: string): Promise<{ file: string; bytes: number }> {
  const entry = `${base}-entry.mjs`;
  writeFileSync(entry, packages.map((p, i) => `export * as m${i} from '${p}';`).join('\n'));
  const file = `${base}.mjs`;
  const res = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_BUNDLING.target,
    minify: true,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    outfile: file,
    metafile: true,
    logLevel: 'silent',
    nodePaths: [join(REPO_ROOT, 'node_modules')],
  });
  return { file, bytes: Object.values(res.metafile.outputs)[0]!.bytes };
}

export async function measureBundles(opts: { ratioFor: string[]; runs: number; progress: (line: string) => void }): Promise<BundleFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  const handlers = allHandlers();
  const sizes: Record<string, number> = {};
  const metas = new Map<string, { meta: Metafile; file: string }>();
  let n = 0;
  for (const handler of handlers) {
    opts.progress(`bundles: ${++n}/${handlers.length} ${handler}`);
    const { meta, bytes, file } = await bundleHandler(handler, join(dir, `${handler.replaceAll('/', '_')}.mjs`));
    sizes[handler] = Math.round((bytes / KiB) * 10) / 10;
    metas.set(handler, { meta, file });
  }
  const values = Object.values(sizes);
  const largest = Object.entries(sizes).sort((a, b) => b[1] - a[1])[0]![0];
  const largestBy = Object.fromEntries(
    inputsBy(metas.get(largest)!.meta, 'package')
      .slice(0, 8)
      .map(([k, v]) => [k, Math.round(v / KiB)]),
  );

  const importRatios: BundleFigures['importRatios'] = {};
  for (const handler of opts.ratioFor) {
    opts.progress(`bundles: import time of ${handler}`);
    const { meta, file } = metas.get(handler)!;
    const inputs = Object.keys(Object.values(meta.outputs)[0]!.inputs);
    const sdk = [...new Set(inputs.map(packageOf).filter((p) => /^@aws-sdk\/(client-|lib-)/.test(p)))].sort();
    const { file: sdkFile } = await sdkOnly(sdk, join(dir, `${handler.replaceAll('/', '_')}-sdk`));
    // Alternate the two so machine noise hits both alike.
    const b: number[] = [];
    const s: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      b.push(importMs(file, 1));
      s.push(importMs(sdkFile, 1));
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const bundleMs = median(b);
    const sdkOnlyMs = median(s);
    importRatios[handler] = { bundleMs: round(bundleMs), sdkOnlyMs: round(sdkOnlyMs), ratio: round(bundleMs / sdkOnlyMs, 2), sdk };
  }
  const lazyModules: NonNullable<BundleFigures['lazyModules']> = {};
  for (const handler of handlers)
    for (const m of lazyModulesOf(handler)) {
      if (lazyModules[m.file]) {
        lazyModules[m.file]!.besides.push(handler);
        continue;
      }
      opts.progress(`bundles: lazy module ${m.file}`);
      const { bytes, file } = await bundleLazyModule(m, join(dir, m.file));
      lazyModules[m.file] = { kib: round(bytes / KiB), importMs: round(importMs(file, opts.runs)), besides: [handler] };
    }
  return {
    sizes,
    largestKiB: Math.max(...values),
    largest,
    smallestKiB: Math.min(...values),
    withinBudget: { count: values.filter((v) => v <= BUNDLE_BUDGET_KIB).length, of: values.length },
    sdkAloneKiB: round((await sdkOnly(SDK_BASELINE, join(dir, 'sdk-baseline'))).bytes / KiB),
    largestBy,
    importRatios,
    lazyModules,
  };
}

function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
