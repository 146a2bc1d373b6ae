import { Search, Star, TriangleAlert } from "lucide-react";
import * as searchModule from "lucide-react/icons/search";
import * as starModule from "lucide-react/icons/star";
import * as alertModule from "lucide-react/icons/triangle-exclamation-point";
import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Icon, { type IconData } from "./lucide-icon";

// each icon's module exports its shape data beside the component (undeclared in lucide's types)
const iconData = (module: object) => (module as { __iconData: IconData }).__iconData;
const [search, star, alert] = [searchModule, starModule, alertModule].map(iconData);

// The tests run without the build's renderer swap (vite.config.ts), so `lucide-react` here draws with its own
// Icon: ours must give the same markup for every way the app draws an icon.
type Props = Omit<ComponentProps<typeof Search>, "ref">;
const cases: [string, typeof Search, IconData | undefined, Props][] = [
  ["a plain icon", Search, search, {}],
  ["sized by class, hidden", Search, search, { className: "size-4 text-slate-400", "aria-hidden": true }],
  ["a repeated class", Search, search, { className: "lucide size-4 size-4" }],
  ["labelled (not aria-hidden)", TriangleAlert, alert, { "aria-label": "Warning", role: "img" }],
  ["filled, with a colour and a size", Star, star, { fill: "currentColor", color: "#f59e0b", size: 18 }],
  ["stroke width, absolute", Star, star, { strokeWidth: 1.5, absoluteStrokeWidth: true, size: 16 }],
  ["non-scaling stroke", Search, search, { nonScalingStroke: true }],
  ["with a title child", Search, search, { children: <title>Find</title> }],
];

describe("the icon renderer that replaces lucide-react's", () => {
  it.each(cases)("draws %s exactly as lucide does", (_name, Lucide, data, props) => {
    const ours = renderToStaticMarkup(<Icon icon={data} {...props} />);
    expect(ours).toBe(renderToStaticMarkup(<Lucide {...props} />));
  });

  it("escapes what it writes into the markup", () => {
    const html = renderToStaticMarkup(
      <Icon icon={{ name: "odd", node: [["path", { d: '"><script>alert(1)</script>', key: "k" }]] }} />,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain('d="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
