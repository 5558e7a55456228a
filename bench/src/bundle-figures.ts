/** The bench's bundle rows: the largest bundle against 400 KiB, and each measured import ratio against 1.1×. */
import type { BundleFigures } from './bundles.js';
import { fmt, type Figure } from './report.js';

export function bundleFigures(bundles: BundleFigures): Figure[] {
  return [
    {
      name: 'largest bundle KiB', value: `${fmt(bundles.largestKiB, 1)}${bundles.largest ? ` (${bundles.largest.replace('functions/', '')})` : ''}`,
      baseline: `${bundles.within400 ? `${bundles.within400.count} of ${bundles.within400.of} functions ≤ 400 KiB; ` : ''}smallest ${fmt(bundles.smallestKiB, 0)} KiB; largest: ${Object.entries(bundles.largestBy).slice(0, 4).map(([k, v]) => `${k} ${v}`).join(', ')}`, target: '≤ 400', met: bundles.largestKiB <= 400, key: bundles.largestKiB,
    },
    ...Object.entries(bundles.importRatios).map(([h, r]) => ({
      name: `import ratio ${h.split('/').slice(1).join('/')}`, value: `${fmt(r.ratio)}× (${r.bundleMs} ms)`, baseline: `SDK clients only ${r.sdkOnlyMs} ms (${r.sdk.map((s) => s.replace('@aws-sdk/', '')).join(', ')})`,
      target: '≤ 1.1×', met: r.ratio <= 1.1, key: r.ratio,
    })),
  ];
}
