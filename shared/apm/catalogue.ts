/** The brand catalogue: lookups over the descriptors in ./brands. */
import type { BrandDescriptor } from './descriptor.js';
import { BRAND_DESCRIPTORS } from './brands/index.js';

const byBrand = new Map(BRAND_DESCRIPTORS.map((d) => [d.brand, d]));

/** A brand's descriptor; a Map, so a brand such as "toString" finds nothing. */
export function brandDescriptor(brand: string): BrandDescriptor | undefined {
  return byBrand.get(brand);
}

export function allBrands(): readonly BrandDescriptor[] {
  return BRAND_DESCRIPTORS;
}
