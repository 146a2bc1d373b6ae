/**
 * A bar chart drawn as SVG on the server, with no script (decision record 0033): the figure is an image whose
 * label sums it up, and the same numbers follow in a table for screen readers and anyone who wants the figures.
 */
export function BarChart({
  title,
  data,
  format = (n) => n.toLocaleString("en-US"),
  labelHeader,
  valueHeader,
}: {
  title: string;
  data: { label: string; value: number; short?: string }[];
  format?: (n: number) => string;
  labelHeader: string;
  valueHeader: string;
}) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = 600;
  const height = 160;
  const gap = data.length > 40 ? 1 : 3;
  const bar = Math.max(1, (width - gap * (data.length - 1)) / Math.max(1, data.length));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const peak = data.reduce((best, d) => (d.value > best.value ? d : best), data[0] ?? { label: "", value: 0 });
  const summary = total === 0 ? `${title}: none yet` : `${title}: ${format(total)} in all, highest ${peak.label} (${format(peak.value)})`;
  const ticks = data.length > 2 ? [data[0]!, data[Math.floor(data.length / 2)]!, data.at(-1)!] : data;
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-medium text-slate-700">{title}</figcaption>
      <div className="relative">
        {total === 0 ? <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">Nothing in these days yet</p> : null}
        <svg viewBox={`0 0 ${width} ${height + 2}`} role="img" aria-label={summary} className="mt-2 h-auto w-full" preserveAspectRatio="none">
          <line x1={0} x2={width} y1={height} y2={height} className="stroke-slate-300" strokeWidth={1} />
          {data.map((d, i) => {
            const h = (d.value / max) * (height - 4);
            const x = i * (bar + gap);
            return (
              <g key={d.label}>
                <rect x={x} y={height - h} width={bar} height={h} rx={1} className="fill-brand-500">
                  <title>{`${d.label}: ${format(d.value)}`}</title>
                </rect>
              </g>
            );
          })}
        </svg>
      </div>
      <div aria-hidden className="mt-1 flex justify-between text-xs text-slate-500">
        {ticks.map((d) => (
          <span key={d.label}>{d.short ?? d.label}</span>
        ))}
      </div>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-slate-600">Show as table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 font-medium">
                {labelHeader}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label} className="border-b border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {d.label}
                </th>
                <td className="py-1 text-right tabular-nums">{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
