/** The summary table: each figure of issue 14 with its same-run baseline, its target, and (with --compare) the previous run's value. */
export interface Figure {
  name: string;
  value: string;
  /** The floor or baseline measured in the same run, and the ratio when the target is one. */
  baseline: string;
  target: string;
  met: boolean | undefined;
  /** The number compared across runs. */
  key: number;
}

export function table(figures: Figure[], previous?: Record<string, number>): string {
  const rows = figures.map((f) => [
    f.name,
    f.value,
    f.baseline,
    f.target,
    f.met === undefined ? '' : f.met ? 'yes' : 'NO',
    ...(previous ? [previous[f.name] === undefined ? '—' : change(previous[f.name]!, f.key)] : []),
  ]);
  const head = ['Figure', 'Measured', 'Same-run floor / baseline', 'Target', 'Met', ...(previous ? ['vs previous'] : [])];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function change(before: number, now: number): string {
  if (before === 0) return `${before} → ${fmt(now)}`;
  const pct = ((now - before) / Math.abs(before)) * 100;
  return `${fmt(before)} → ${fmt(now)} (${pct >= 0 ? '+' : ''}${pct.toFixed(0)} %)`;
}

export function fmt(x: number, digits = 2): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(digits);
}
