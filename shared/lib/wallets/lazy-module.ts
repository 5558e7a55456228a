/** A module bundled on its own beside a function's bundle and imported when first needed (apple-pay-lazy.ts). */
export interface LazyModule {
  /** The module's source, relative to the repository root. */
  source: string;
  /** The file it is bundled to, beside the function's bundle. */
  file: string;
}
