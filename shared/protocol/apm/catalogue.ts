/** The brand catalogue: lookups over the descriptors in ./brands. */
import type { BrandDescriptor } from './descriptor.js';
import { BRAND_DESCRIPTORS } from './brands/index.js';

// Built on first lookup: a bundle whose kept code never looks a brand up drops the catalogue (esbuild keeps top-level calls).
let byBrand: Map<string, BrandDescriptor> | undefined;

/** A brand's descriptor; a Map, so a brand such as "toString" finds nothing. */
export function brandDescriptor(brand: string): BrandDescriptor | undefined {
  return (byBrand ??= new Map(BRAND_DESCRIPTORS.map((d) => [d.brand, d]))).get(brand);
}

export function allBrands(): readonly BrandDescriptor[] {
  return BRAND_DESCRIPTORS;
}
