import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/**
 * lucide-react's icon renderer (its `Icon.mjs`), replaced in both builds by this one (vite.config.ts,
 * `lucideIconRenderer`): the same `<svg>` with the same attributes, but the icon's shapes are one constant string
 * per icon, set as the svg's inner HTML, instead of an element each, with their attributes worked out again on every
 * render. The home page's 33 icons were about a third of its elements and a sixth of its server rendering time
 * (bench/README.md, throughput round 4). The strings are lucide's own shape data, never user text.
 * Hydration is unaffected: the browser parsed the same shapes from the server's HTML.
 */
export type IconData = {
  name?: string;
  size?: number;
  node: [string, Record<string, string | number>][];
  aliases?: string[];
};

type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  iconNode?: IconData["node"];
  icon?: IconData;
  children?: ReactNode;
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An icon's shapes as SVG markup, and its own class names, worked out once per icon. */
const built = new WeakMap<
  IconData,
  { shapes: string; nonScaling: string; classes: string[]; classNames: Map<string, string> }
>();
function iconParts(icon: IconData) {
  let parts = built.get(icon);
  if (!parts) {
    const markup = (vectorEffect: boolean) =>
      icon.node
        .map(([tag, attrs]) => {
          const all = vectorEffect ? { "vector-effect": "non-scaling-stroke", ...attrs } : attrs;
          const attributes = Object.entries(all)
            .filter(([name, value]) => name !== "key" && value !== undefined && value !== null)
            .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
            .join("");
          return `<${tag}${attributes}></${tag}>`;
        })
        .join("");
    parts = {
      shapes: markup(false),
      nonScaling: markup(true),
      classes: [
        ...(icon.name ? [`lucide-${icon.name}`] : []),
        ...(icon.aliases ?? []).filter((alias) => alias.trim() !== "").map((alias) => `lucide-${alias}`),
      ],
      classNames: new Map(),
    };
    built.set(icon, parts);
  }
  return parts;
}

/**
 * lucide's class list: "lucide", the icon's own classes, then the caller's, each once, in that order. Remembered
 * per icon and caller's class (those are written in our code, so there are few of each).
 */
function iconClassName(parts: ReturnType<typeof iconParts>, className: string) {
  let merged = parts.classNames.get(className);
  if (merged === undefined) {
    merged = [...new Set(["lucide", ...parts.classes, ...className.split(/\s+/)].filter(Boolean))].join(" ");
    parts.classNames.set(className, merged);
  }
  return merged;
}

/** What lucide treats as making the icon accessible itself (then it is not aria-hidden). */
function hasA11yProp(props: Record<string, unknown>) {
  for (const prop in props)
    if ((prop.startsWith("aria-") || prop === "role" || prop === "title") && props[prop] != null) return true;
  return false;
}

const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
  {
    color = "currentColor",
    size = 24,
    width,
    height,
    strokeWidth = 2,
    absoluteStrokeWidth = false,
    nonScalingStroke = false,
    className = "",
    children,
    iconNode = [],
    icon = { node: iconNode, aliases: [], size: 24 },
    ...rest
  },
  ref,
) {
  const parts = iconParts(icon);
  const viewBox = icon.size ?? 24;
  const accessible = Boolean(children) || hasA11yProp(rest);
  const attributes = {
    ref,
    xmlns: "http://www.w3.org/2000/svg",
    width: width ?? size,
    height: height ?? size,
    viewBox: `0 0 ${viewBox} ${viewBox}`,
    fill: "none",
    stroke: color,
    strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * Number(viewBox)) / Number(size) : strokeWidth,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    className: iconClassName(parts, className),
    ...(accessible ? {} : { "aria-hidden": "true" as const }),
    ...rest,
  };
  // children (a <title>, say) are elements of their own: then the shapes are too, as lucide draws them
  if (children)
    return createElement(
      "svg",
      attributes,
      ...icon.node.map(([tag, attrs]) =>
        createElement(tag, nonScalingStroke ? { vectorEffect: "non-scaling-stroke", ...attrs } : attrs),
      ),
      children,
    );
  return createElement("svg", {
    ...attributes,
    dangerouslySetInnerHTML: { __html: nonScalingStroke ? parts.nonScaling : parts.shapes },
  });
});

export default Icon;
