/** A module bundled on its own beside a function's bundle and imported when first needed (apple-pay-lazy.ts). */
export interface LazyModule {
  /** The module's source, relative to the repository root. */
  source: string;
  /** The file it is bundled to, beside the function's bundle. */
  file: string;
}

/**
 * Imports `m` once, on the first call: run from source (tests, the local platform) the module itself, `fromSource`
 * relative to `base` (the caller's import.meta.url); bundled, `m.file` beside the bundle (base is then the bundle's).
 */
export function lazyLoader<T>(m: LazyModule, fromSource: string, base: string): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    // A computed specifier: esbuild leaves this import() to run time instead of inlining the module.
    const specifier = base.endsWith('.ts') ? new URL(fromSource, base).href : new URL(m.file, base).href;
    return (loading ??= import(/* @vite-ignore */ specifier) as Promise<T>);
  };
}
