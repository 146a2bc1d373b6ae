import { AxisBottom, AxisLeft, type TickRendererProps } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

/** Plot height and the room above it (half the top tick label) and below it (the day labels), in CSS pixels. */
const PLOT_HEIGHT = 160;
const TOP = 8;
const BOTTOM = 24;
const FONT_SIZE = 12;
/** Bar positions are percentages of the plot's width: the plot stretches to its box, the text never scales. */
const PLOT_WIDTH = 100;
/** The plot's width on a narrow phone (320 px), in CSS pixels. */
const NARROWEST_PLOT = 240;

/**
 * The value axis: a scale rounded to a few round ticks (whole numbers: the values are counts or cents), as many as
 * give distinct labels once formatted (cents shown as whole dollars would otherwise repeat "$1").
 */
function valueAxis(max: number, format: (n: number) => string) {
  for (let count = 4; ; count--) {
    const scale = scaleLinear<number>({ domain: [0, Math.max(1, max)], range: [PLOT_HEIGHT, 0] }).nice(count);
    const ticks = scale.ticks(count).filter(Number.isInteger);
    const labels = ticks.map(format);
    if (new Set(labels).size === ticks.length) return { scale, ticks };
    // a cent or two shown as whole dollars: each label once
    if (count === 1) return { scale, ticks: ticks.filter((_, i) => labels.indexOf(labels[i]!) === i) };
  }
}

/** Width of the widest tick label, estimated (the server cannot measure text): about 0.6 em a character. */
const labelWidth = (labels: string[]) => Math.ceil(Math.max(1, ...labels.map((l) => l.length)) * FONT_SIZE * 0.6);

/** A tick's label as plain SVG text (visx's own Text measures words in the browser, which these labels never need). */
function TickLabel({ x, y, dy, formattedValue, textAnchor }: Omit<TickRendererProps, "x"> & { x: number | string }) {
  return (
    <text x={x} y={y} dy={dy} textAnchor={textAnchor} fontSize={FONT_SIZE} className="fill-slate-500">
      {formattedValue}
    </text>
  );
}

/** The chart's own words, in the page's language (the analytics panel gives them from its chart texts). */
export type BarChartWords = {
  noneYet: (title: string) => string;
  summary: (values: { title: string; total: string; label: string; value: string }) => string;
  empty: string;
  showTable: string;
};
const ENGLISH: BarChartWords = {
  noneYet: (title) => `${title}: none yet`,
  summary: ({ title, total, label, value }) => `${title}: ${total} in all, highest ${label} (${value})`,
  empty: "Nothing in this period yet",
  showTable: "Show as table",
};

/**
 * A bar chart drawn with visx as SVG on the server, needing no script (decision record 0033, amended): the figure
 * is an image whose label sums it up, with a value axis and a few day labels, and the same numbers follow in a table
 * for screen readers and anyone who wants the figures. The SVG spans its box's width with text at its real size
 * (only the bars' own coordinates stretch), so the labels stay legible on a phone.
 */
export function BarChart({
  title,
  data,
  format = (n) => n.toLocaleString("en-US"),
  labelHeader,
  valueHeader,
  words = ENGLISH,
}: {
  title: string;
  data: { label: string; value: number; short?: string }[];
  format?: (n: number) => string;
  labelHeader: string;
  valueHeader: string;
  words?: BarChartWords;
}) {
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const peak = data.reduce((best, d) => (d.value > best.value ? d : best), data[0] ?? { label: "", value: 0 });
  const summary =
    total === 0
      ? words.noneYet(title)
      : words.summary({ title, total: format(total), label: peak.label, value: format(peak.value) });

  const x = scaleBand<string>({
    domain: data.map((d) => d.label),
    range: [0, PLOT_WIDTH],
    paddingInner: data.length > 40 ? 0.1 : 0.2,
  });
  const { scale: y, ticks } = valueAxis(peak.value, format);
  const marginLeft = labelWidth(ticks.map(format)) + 8;
  const dayTicks = data.length > 2 ? [data[0]!, data[Math.floor(data.length / 2)]!, data.at(-1)!] : data;
  const short = new Map(data.map((d) => [d.label, d.short ?? d.label]));
  // centred under its bar, unless the bars are too narrow for that on a phone: then the first and last labels
  // start and end at their bars, so as not to run past the chart's edges
  const centred = data.length * labelWidth([...short.values()]) <= NARROWEST_PLOT;
  const anchor = (i: number) => (centred ? "middle" : i === 0 ? "start" : i === dayTicks.length - 1 ? "end" : "middle");

  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-medium text-slate-700">{title}</figcaption>
      <div className="relative mt-2" style={{ paddingLeft: marginLeft }}>
        {total === 0 ? (
          <p
            className="absolute inset-x-0 flex items-center justify-center text-sm text-slate-500"
            style={{ top: TOP, height: PLOT_HEIGHT }}
          >
            {words.empty}
          </p>
        ) : null}
        <svg
          role="img"
          aria-label={summary}
          width="100%"
          height={TOP + PLOT_HEIGHT + BOTTOM}
          className="block overflow-visible"
        >
          <svg
            y={TOP}
            width="100%"
            height={PLOT_HEIGHT}
            viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`}
            preserveAspectRatio="none"
          >
            <GridRows
              scale={y}
              width={PLOT_WIDTH}
              tickValues={ticks}
              stroke="currentColor"
              className="text-slate-200"
              vectorEffect="non-scaling-stroke"
            />
            {data.map((d) => {
              const top = y(d.value);
              return (
                <Bar
                  key={d.label}
                  x={x(d.label)}
                  y={top}
                  width={x.bandwidth()}
                  height={PLOT_HEIGHT - top}
                  className="fill-brand-500"
                >
                  <title>{`${d.label}: ${format(d.value)}`}</title>
                </Bar>
              );
            })}
            <line
              x1={0}
              x2={PLOT_WIDTH}
              y1={PLOT_HEIGHT}
              y2={PLOT_HEIGHT}
              className="stroke-slate-300"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          <AxisLeft
            scale={y}
            top={TOP}
            tickValues={ticks}
            tickFormat={(v) => format(Number(v))}
            hideAxisLine
            hideTicks
            tickLength={6}
            tickLabelProps={{ fontSize: FONT_SIZE, textAnchor: "end", dy: "0.32em" }}
            tickComponent={TickLabel}
          />
          <AxisBottom
            scale={x}
            top={TOP + PLOT_HEIGHT}
            tickValues={dayTicks.map((d) => d.label)}
            tickFormat={(label) => short.get(label)}
            hideAxisLine
            hideTicks
            tickLength={4}
            tickLabelProps={(_, i) => ({ fontSize: FONT_SIZE, textAnchor: anchor(i) })}
            tickComponent={(props) => (
              // a label that starts or ends does so at its bar's edge rather than its middle
              <TickLabel
                {...props}
                x={`${props.x + (props.textAnchor === "start" ? -1 : props.textAnchor === "end" ? 1 : 0) * (x.bandwidth() / 2)}%`}
              />
            )}
          />
        </svg>
      </div>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-slate-600">{words.showTable}</summary>
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
