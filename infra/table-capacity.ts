/**
 * The payments table's capacity mode, per stage: `cdk deploy -c tableCapacity=…` (docs/deploy-reference.md).
 *
 * - `on-demand` (the default): DynamoDB bills each request and follows any spike at once. A million SALEs with one
 *   callback each cost ~$12.3 (`npm run bench`, us-east-1; bench/cost.md), $9.5 of it writes.
 * - `provisioned[:…]`: capacity billed by the hour, auto scaled to keep it `target` % busy (the table and each
 *   index). For steady traffic the same million cost ~$6.8. A spike faster than auto scaling (it reacts in minutes;
 *   DynamoDB keeps up to five minutes of unused capacity as burst) is throttled: the SDK retries, then a SALE answers
 *   an error. The throttle alarm (infra/stacks/observability.ts) says when that happens.
 *
 * Format: `provisioned:writes=5-4000,reads=5-4000,target=70,seed-writes=N,seed-reads=N`, every part optional.
 * `seed-*` is the capacity the table starts with when an existing table switches mode (DynamoDB requires it then):
 * set it to the units the table uses at that hour, or the switch throttles until auto scaling catches up.
 */
export interface UnitRange {
  min: number;
  max: number;
  /** Capacity while an existing table switches mode (until the scaling policies exist). */
  seed?: number;
}

export type TableCapacity =
  { mode: 'on-demand' } | { mode: 'provisioned'; writes: UnitRange; reads: UnitRange; targetUtilizationPercent: number };

export const ON_DEMAND: TableCapacity = { mode: 'on-demand' };

/** Auto scaling's own default target (70 %), which the bench's provisioned cost figure assumes too. */
export const PROVISIONED_DEFAULTS = { writes: { min: 5, max: 4000 }, reads: { min: 5, max: 4000 }, targetUtilizationPercent: 70 } as const;

/** DynamoDB's default per-table quota for each of read and write capacity units. */
const MAX_UNITS = 40_000;

export function parseTableCapacity(value: string): TableCapacity {
  const [mode, options = '', ...rest] = value.trim().split(':');
  if (mode === 'on-demand' && !options && rest.length === 0) return ON_DEMAND;
  if (mode !== 'provisioned' || rest.length > 0)
    throw new Error(
      `tableCapacity "${value}": use on-demand or provisioned[:writes=MIN-MAX,reads=MIN-MAX,target=PERCENT,seed-writes=N,seed-reads=N]`,
    );

  const writes: UnitRange = { ...PROVISIONED_DEFAULTS.writes };
  const reads: UnitRange = { ...PROVISIONED_DEFAULTS.reads };
  let targetUtilizationPercent: number = PROVISIONED_DEFAULTS.targetUtilizationPercent;
  const seen = new Set<string>();
  for (const part of options ? options.split(',') : []) {
    const [key = '', raw = ''] = part.split('=');
    if (seen.has(key)) throw new Error(`tableCapacity: ${key} given twice`);
    seen.add(key);
    switch (key) {
      case 'writes':
      case 'reads': {
        const m = /^(\d+)-(\d+)$/.exec(raw);
        if (!m) throw new Error(`tableCapacity: ${key}=${raw}: use MIN-MAX capacity units, e.g. ${key}=5-4000`);
        Object.assign(key === 'writes' ? writes : reads, { min: units(key, m[1]!), max: units(key, m[2]!) });
        break;
      }
      case 'target':
        targetUtilizationPercent = wholeNumber(key, raw);
        if (targetUtilizationPercent < 20 || targetUtilizationPercent > 90)
          throw new Error(`tableCapacity: target=${raw}: auto scaling takes 20 to 90 (percent)`);
        break;
      case 'seed-writes':
        writes.seed = units(key, raw);
        break;
      case 'seed-reads':
        reads.seed = units(key, raw);
        break;
      default:
        throw new Error(`tableCapacity: unknown option "${part}" (writes, reads, target, seed-writes, seed-reads)`);
    }
  }
  for (const [name, range] of [
    ['writes', writes],
    ['reads', reads],
  ] as const) {
    if (range.max < range.min) throw new Error(`tableCapacity: ${name}=${range.min}-${range.max}: the maximum is below the minimum`);
  }
  return { mode: 'provisioned', writes, reads, targetUtilizationPercent };
}

function wholeNumber(key: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw new Error(`tableCapacity: ${key}=${raw}: not a whole number`);
  return Number(raw);
}

function units(key: string, raw: string): number {
  const n = wholeNumber(key, raw);
  if (n < 1 || n > MAX_UNITS) throw new Error(`tableCapacity: ${key}: ${raw} capacity units is outside 1 to ${MAX_UNITS}`);
  return n;
}
