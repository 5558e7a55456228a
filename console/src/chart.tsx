/** One uPlot time-series chart (small, fast, canvas), labelled for assistive technology. */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  label: string;
  values: (number | null)[];
  color: string;
}

export function Chart({ title, x, series }: { title: string; x: number[]; series: Series[] }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const plot = new uPlot(
      {
        title,
        width: Math.min(560, el.current.clientWidth || 560),
        height: 220,
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, fill: `${s.color}22`, points: { show: true } }))],
        axes: [{}, { size: 50 }],
      },
      [x, ...series.map((s) => s.values)] as uPlot.AlignedData,
      el.current,
    );
    return () => plot.destroy();
  }, [title, x.join(), series.map((s) => s.values.join()).join('|')]);
  return (
    <figure
      class="chart"
      role="img"
      aria-label={`${title}: ${series.map((s) => `${s.label} ${s.values.filter((v) => v !== null).join(', ')}`).join('; ')}`}
      ref={el}
    />
  );
}
