/**
 * Every write of one SALE with its callback, by phase and function, at the two traffic levels the cost budgets are
 * judged at: one payment per batch (each consumer invoked for this payment alone: what a merchant at low volume
 * pays) and the steady rate (the dashboard counters' ADDs shared by the payments of a batch). The other writes are
 * one per payment at any rate.
 */
export interface MeasuredWrite {
  fn: string;
  command: string;
  writeUnits: number;
  /** The item written, `<pk prefix>/<sk>` (meter.ts): one stream consumer writes journals and counters. */
  item?: string;
}

const PHASES: Record<string, string> = {
  S2sCardPost: 'request',
  OutboxStream: 'stream → callback queue',
  CallbackDeliver: 'callback delivery',
};

/** The stream consumer of payment changes writes two jobs' items: each is its own phase. */
const ITEM_PHASES: Record<string, string> = {
  COUNTERS: 'dashboard counters (stream)',
  JOURNAL: 'ledger journals (stream)',
};

/** A write of a dashboard counter item: one per counter item per batch, shared by the batch's payments. */
export const isCounterWrite = (w: Pick<MeasuredWrite, 'item'>) => w.item?.startsWith('COUNTERS/') ?? false;

const phaseOf = (w: MeasuredWrite) => ITEM_PHASES[w.item?.split('/')[0] ?? ''] ?? PHASES[w.fn] ?? w.fn;

export interface PhaseLine {
  phase: string;
  fn: string;
  command: string;
  /** Units at one payment per batch (as measured: this payment's writes alone). */
  alone: number;
  /** Units per payment at the steady rate's batches. */
  steady: number;
}

/**
 * `counterShare`: the share of the counters' one-payment writes a payment still pays at the steady rate (its
 * invocations per payment there × items per invocation ÷ the items written for it alone), at most 1.
 */
export function writePhases(writes: readonly MeasuredWrite[], counterShare: number): PhaseLine[] {
  const lines = new Map<string, PhaseLine>();
  for (const w of writes) {
    const phase = phaseOf(w);
    const key = `${phase}\u0000${w.fn}\u0000${w.command}`;
    const share = isCounterWrite(w) ? Math.min(1, counterShare) : 1;
    const line = lines.get(key) ?? { phase, fn: w.fn, command: w.command, alone: 0, steady: 0 };
    line.alone += w.writeUnits;
    line.steady += w.writeUnits * share;
    lines.set(key, line);
  }
  return [...lines.values()];
}

export function formatPhases(lines: readonly PhaseLine[], steadyLabel: string): string {
  const fmt = (n: number) => (Math.round(n * 100) / 100).toFixed(2);
  const rows = lines.map(
    (l) => `  ${l.phase.padEnd(30)} ${`${l.fn} ${l.command}`.padEnd(38)} ${fmt(l.alone).padStart(6)} ${fmt(l.steady).padStart(8)}`,
  );
  const total = (k: 'alone' | 'steady') => fmt(lines.reduce((a, l) => a + l[k], 0));
  return [
    `  ${'phase'.padEnd(30)} ${'function and write'.padEnd(38)} ${'alone'.padStart(6)} ${'steady'.padStart(8)}`,
    ...rows,
    `  ${'total'.padEnd(30)} ${''.padEnd(38)} ${total('alone').padStart(6)} ${total('steady').padStart(8)}`,
    `  (write units per payment; alone: one payment per batch; steady: ${steadyLabel})`,
  ].join('\n');
}
