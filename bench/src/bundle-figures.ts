/** The bench's bundle rows: the largest bundle against its budget, and each measured import ratio against its own. */
import { BUNDLE_BUDGET_KIB, IMPORT_RATIO_BUDGET, type BundleFigures } from './bundles.js';
import { fmt, type Figure } from './report.js';

export function bundleFigures(bundles: BundleFigures): Figure[] {
  return [
    {
      name: 'largest bundle KiB',
      value: `${fmt(bundles.largestKiB, 1)}${bundles.largest ? ` (${bundles.largest.replace('functions/', '')})` : ''}`,
      baseline: `${bundles.sdkAloneKiB ? `the SDK alone ${fmt(bundles.sdkAloneKiB, 0)} KiB; ` : ''}${bundles.withinBudget ? `${bundles.withinBudget.count} of ${bundles.withinBudget.of} functions ≤ ${BUNDLE_BUDGET_KIB} KiB; ` : ''}smallest ${fmt(bundles.smallestKiB, 0)} KiB; largest: ${Object.entries(
        bundles.largestBy,
      )
        .slice(0, 4)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
      target: `≤ ${BUNDLE_BUDGET_KIB}`,
      met: bundles.largestKiB <= BUNDLE_BUDGET_KIB,
      key: bundles.largestKiB,
    },
    ...Object.entries(bundles.importRatios).map(([h, r]) => ({
      name: `import ratio ${h.split('/').slice(1).join('/')}`,
      value: `${fmt(r.ratio)}× (${r.bundleMs} ms)`,
      baseline: `SDK clients only ${r.sdkOnlyMs} ms (${r.sdk.map((s) => s.replace('@aws-sdk/', '')).join(', ')})`,
      target: `≤ ${IMPORT_RATIO_BUDGET}×`,
      met: r.ratio <= IMPORT_RATIO_BUDGET,
      key: r.ratio,
    })),
    // Loaded on first use (an Apple Pay token), beside the functions named: outside their bundles' budget, paid once.
    ...Object.entries(bundles.lazyModules ?? {}).map(([file, m]) => ({
      name: `lazy module ${file}`,
      value: `${fmt(m.kib, 1)} KiB, import ${m.importMs} ms`,
      baseline: `loaded on first use beside ${m.besides.map((h) => h.replace('functions/', '')).join(', ')}`,
      target: `≤ ${BUNDLE_BUDGET_KIB}`,
      met: m.kib <= BUNDLE_BUDGET_KIB,
      key: m.kib,
    })),
  ];
}
