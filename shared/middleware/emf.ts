/**
 * CloudWatch embedded metric format lines, written exactly as Powertools Metrics wrote them for this platform (one
 * namespace, the `service` default dimension, a blob per invocation plus one per single metric, the cold-start
 * metric on a container's first on-demand invocation). Powertools Metrics was ~11 KiB of every Lambda bundle for
 * these few lines; test/unit/middleware/emf.test.ts compares the two line for line.
 */

export type MetricUnit = 'Count' | 'Milliseconds';

type Dimensions = Record<string, string>;

const TRUTHY = new Set(['1', 'y', 'yes', 't', 'true', 'on']);
const FALSY = new Set(['0', 'n', 'no', 'f', 'false', 'off']);

/** Powertools' switches: POWERTOOLS_METRICS_DISABLED when set, else POWERTOOLS_DEV. */
function disabled(): boolean {
  const flag = (key: string) => {
    const v = process.env[key]?.trim().toLowerCase();
    return v === undefined ? undefined : TRUTHY.has(v) ? true : FALSY.has(v) ? false : undefined;
  };
  return process.env.POWERTOOLS_METRICS_DISABLED !== undefined ? flag('POWERTOOLS_METRICS_DISABLED') === true : flag('POWERTOOLS_DEV') === true;
}

function write(namespace: string, dimensions: Dimensions, metrics: [string, MetricUnit, number][]): void {
  if (!metrics.length || disabled()) return;
  const blob = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [{ Namespace: namespace, Dimensions: [Object.keys(dimensions)], Metrics: metrics.map(([Name, Unit]) => ({ Name, Unit })) }],
    },
    ...dimensions,
    ...Object.fromEntries(metrics.map(([name, , value]) => [name, value])),
  };
  process.stdout.write(`${JSON.stringify(blob)}\n`);
}

/** One invocation's metrics: `add` keeps them for `publish`; `single` writes its own line at once. */
export class EmfMetrics {
  private dimensions: Dimensions = {};
  private metrics: [string, MetricUnit, number][] = [];
  private coldStart = process.env.AWS_LAMBDA_INITIALIZATION_TYPE?.trim() === 'on-demand';

  constructor(
    private readonly namespace: string,
    private readonly service: string,
  ) {}

  addDimension(name: string, value: string): void {
    this.dimensions[name] = value;
  }

  add(name: string, unit: MetricUnit, value: number): void {
    this.metrics.push([name, unit, value]);
  }

  /** A metric with its own dimensions, on its own line. */
  single(dimensions: Dimensions, name: string, unit: MetricUnit, value: number): void {
    write(this.namespace, { service: this.service, ...dimensions }, [[name, unit, value]]);
  }

  /** ColdStart (by function name) on the first invocation of an on-demand container. */
  coldStartOnce(functionName: string | undefined): void {
    if (!this.coldStart) return;
    this.coldStart = false;
    const name = process.env.POWERTOOLS_METRICS_FUNCTION_NAME?.trim() || functionName?.trim();
    this.single(name ? { function_name: name } : {}, 'ColdStart', 'Count', 1);
  }

  /** The invocation's line; then nothing is kept. */
  publish(): void {
    try {
      write(this.namespace, { service: this.service, ...this.dimensions }, this.metrics);
    } finally {
      this.dimensions = {};
      this.metrics = [];
    }
  }
}
