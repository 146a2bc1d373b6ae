import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";

const wholeUsd = (cents: number) => formatMoney(cents, "USD", { whole: true });
import { BarChart } from "./bar-chart";

const texts = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);
/** The axis labels, left axis then bottom axis, as the server sends them. */
const axis = (html: string) => {
  const [left, bottom] = html.split("visx-axis-bottom");
  const label = /<text[^>]*>([^<]*)<\/text>/g;
  return { values: texts(left!.split("visx-axis-left")[1]!, label), days: texts(bottom!, label) };
};
const tableRows = (html: string) =>
  [...html.matchAll(/<tr[^>]*><th scope="row"[^>]*>([^<]*)<\/th><td[^>]*>([^<]*)<\/td><\/tr>/g)].map((m) => [
    m[1],
    m[2],
  ]);
const bars = (html: string) =>
  [...html.matchAll(/<rect ([^>]*)><title>([^<]*)<\/title><\/rect>/g)].map((m) => ({
    title: m[2],
    height: Number(/height="([^"]+)"/.exec(m[1]!)![1]),
  }));

describe("BarChart (visx, rendered on the server)", () => {
  const days = [
    { label: "Nov 1", value: 3 },
    { label: "Nov 2", value: 0 },
    { label: "Nov 3", value: 7 },
    { label: "Nov 4", value: 1 },
    { label: "Nov 5", value: 2 },
  ];
  const html = renderToStaticMarkup(
    <BarChart title="Store page views per day" labelHeader="Day" valueHeader="Views" data={days} />,
  );

  it("is one image summed up in its label, with no script", () => {
    expect(html.match(/role="img"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Store page views per day: 13 in all, highest Nov 3 (7)"');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("Nothing in this period yet");
  });

  it("has a value axis of round whole numbers covering the highest bar, and the first, middle and last day", () => {
    expect(axis(html)).toEqual({ values: ["0", "2", "4", "6", "8"], days: ["Nov 1", "Nov 3", "Nov 5"] });
  });

  it("draws each bar to the axis's scale, titled with its figures", () => {
    // the plot is 160 px high and its axis ends at 8
    expect(bars(html)).toEqual([
      { title: "Nov 1: 3", height: 60 },
      { title: "Nov 2: 0", height: 0 },
      { title: "Nov 3: 7", height: 140 },
      { title: "Nov 4: 1", height: 20 },
      { title: "Nov 5: 2", height: 40 },
    ]);
  });

  it("keeps the figures in a table", () => {
    expect(tableRows(html)).toEqual(days.map((d) => [d.label, String(d.value)]));
    expect(html).toContain("<summary");
  });

  it("labels the axis with the chart's format, never repeating a label (cents shown as whole dollars)", () => {
    const revenueChart = (data: { label: string; value: number; short?: string }[]) =>
      renderToStaticMarkup(
        <BarChart
          title="Revenue by month"
          labelHeader="Month"
          valueHeader="Revenue (USD)"
          format={wholeUsd}
          data={data}
        />,
      );
    const revenue = revenueChart([
      { label: "Sep 2026", value: 0 },
      { label: "Oct 2026", value: 125_000 },
      { label: "Nov 2026", value: 250_000, short: "Nov" },
    ]);
    expect(axis(revenue)).toEqual({
      values: ["$0", "$500", "$1,000", "$1,500", "$2,000", "$2,500"],
      days: ["Sep 2026", "Oct 2026", "Nov"],
    });
    expect(tableRows(revenue)).toEqual([
      ["Sep 2026", "$0"],
      ["Oct 2026", "$1,250"],
      ["Nov 2026", "$2,500"],
    ]);

    const small = revenueChart([
      { label: "Oct 2026", value: 100 },
      { label: "Nov 2026", value: 150 },
    ]);
    expect(axis(small).values).toEqual(["$0", "$1", "$2"]);
  });

  it("centres the day labels under wide bars, and keeps the first and last inside the chart when bars are narrow", () => {
    const anchors = (n: number) => {
      const data = Array.from({ length: n }, (_, i) => ({ label: `Oct ${i + 1}`, value: i }));
      const html = renderToStaticMarkup(<BarChart title="T" labelHeader="Day" valueHeader="Views" data={data} />);
      return texts(html.split("visx-axis-bottom")[1]!, /<text[^>]*text-anchor="([a-z]+)"/g);
    };
    expect(anchors(3)).toEqual(["middle", "middle", "middle"]);
    expect(anchors(30)).toEqual(["start", "middle", "end"]);
  });

  it("says there is nothing yet when every value is zero, the table still listing the days", () => {
    const empty = renderToStaticMarkup(
      <BarChart
        title="Store page views per day"
        labelHeader="Day"
        valueHeader="Views"
        data={days.map((d) => ({ ...d, value: 0 }))}
      />,
    );
    expect(empty).toContain("Nothing in this period yet");
    expect(empty).toContain('aria-label="Store page views per day: none yet"');
    expect(bars(empty).every((b) => b.height === 0)).toBe(true);
    expect(tableRows(empty)).toEqual(days.map((d) => [d.label, "0"]));

    const noRevenue = renderToStaticMarkup(
      <BarChart
        title="Revenue by month"
        labelHeader="Month"
        valueHeader="Revenue (USD)"
        format={wholeUsd}
        data={[{ label: "Nov 2026", value: 0 }]}
      />,
    );
    expect(noRevenue).toContain("Nothing in this period yet");
    expect(axis(noRevenue)).toEqual({ values: ["$0"], days: ["Nov 2026"] });
  });
});
