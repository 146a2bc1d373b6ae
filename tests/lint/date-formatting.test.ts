import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

/**
 * Dates one way (issue #39 item 5): every date shown to people is formatted by app/lib/dates.ts in an explicit zone
 * (deadline.ts keeps the RFQ closing times). A date formatter written anywhere else in app/ fails here: it would
 * render in the server's zone on the server and the browser's after hydration.
 */
const ALLOWED = new Set(["app/lib/dates.ts", "app/lib/deadline.ts"]);

const INLINE_DATE_FORMATTERS: { what: string; pattern: RegExp }[] = [
  { what: "toLocaleDateString / toLocaleTimeString", pattern: /\.toLocale(Date|Time)String\(/ },
  {
    what: "toLocaleString with date or time options",
    pattern: /\.toLocaleString\([^)]*(dateStyle|timeStyle|month|weekday|hour|timeZone)/,
  },
  { what: "toDateString / toTimeString / toUTCString", pattern: /\.to(Date|Time|UTC|GMT)String\(/ },
  // reading the browser's own zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`) formats nothing
  { what: "Intl.DateTimeFormat", pattern: /Intl\.DateTimeFormat\((?!\)\.resolvedOptions\(\)\.timeZone)/ },
  { what: "a date library's formatter", pattern: /from ["'](date-fns|@date-fns\/tz|dayjs|moment|luxon)/ },
];

function inlineFormatters(file: string, text: string): string[] {
  if (ALLOWED.has(file)) return [];
  return text
    .split("\n")
    .flatMap((line, index) =>
      INLINE_DATE_FORMATTERS.filter(({ pattern }) => pattern.test(line)).map(
        ({ what }) => `${file}:${index + 1}: ${what}: ${line.trim()}`,
      ),
    );
}

describe("dates are formatted in one place", () => {
  it("finds no date formatter in app/ outside app/lib/dates.ts and deadline.ts", () => {
    const found = sourceFiles("app").flatMap((file) => inlineFormatters(file, fs.readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("would catch each kind of inline formatter (the probes), and lets numbers and zone detection be", () => {
    const probes = [
      'new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" })',
      'new Date(iso).toLocaleTimeString("en-US")',
      'new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })',
      "date.toDateString() === now.toDateString()",
      'const f = new Intl.DateTimeFormat("en-US", { month: "short" });',
      'import { format } from "date-fns";',
      'import { TZDate } from "@date-fns/tz";',
    ];
    for (const probe of probes) expect(inlineFormatters("app/routes/probe.tsx", probe), probe).toHaveLength(1);
    expect(inlineFormatters("app/lib/dates.ts", probes[4]!)).toEqual([]);
    for (const fine of [
      'quantity.toLocaleString("en-US")',
      "const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;",
      'formatDate(order.createdAt, timeZone, "long")',
    ])
      expect(inlineFormatters("app/routes/probe.tsx", fine), fine).toEqual([]);
  });
});
