import type { ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { isSafeHref } from "../markdown";

/** The elements an article may use; anything else (images, code, quotes, tables…) is shown as its text. */
const ALLOWED = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "em", "a", "br"];

const LINK_CLASS = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600";

function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (typeof node === "object" && "props" in node) return textOf((node.props as { children?: ReactNode }).children);
  return "";
}

/** Heading anchors from their text, unique within one article. */
function headingIds() {
  const used = new Set<string>();
  return (children: ReactNode) => {
    const base =
      textOf(children)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "") || "section";
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

/**
 * A blog article's Markdown, rendered by react-markdown to React elements: raw HTML stays literal text
 * (react-markdown never renders it), links go only to our own paths or to https (isSafeHref; others show
 * their label as text), and the page's title is its only h1, so # and ## are section headings (h2), deeper ones h3.
 */
export function MarkdownView({ source, className }: { source: string; className?: string }) {
  const idFor = headingIds();
  const h2: Components["h2"] = ({ children }) => (
    <h2 id={idFor(children)} className="scroll-mt-24 pt-4 text-2xl font-bold tracking-tight text-slate-900">
      {children}
    </h2>
  );
  const h3: Components["h3"] = ({ children }) => (
    <h3 id={idFor(children)} className="scroll-mt-24 pt-2 text-xl font-semibold text-slate-900">
      {children}
    </h3>
  );
  const components: Components = {
    h1: h2,
    h2,
    h3,
    h4: h3,
    h5: h3,
    h6: h3,
    strong: ({ children }) => <strong className="font-semibold text-slate-900">{children}</strong>,
    ul: ({ children }) => <ul className="list-disc space-y-2 pl-6 marker:text-slate-400">{children}</ul>,
    ol: ({ children, start }) => (
      <ol start={start} className="list-decimal space-y-2 pl-6 marker:text-slate-500">
        {children}
      </ol>
    ),
    li: ({ children }) => <li className="pl-1">{children}</li>,
    a: ({ href, children }) => {
      if (!href || !isSafeHref(href)) return <span>{children}</span>;
      return href.startsWith("/") ? (
        <Link to={href} className={LINK_CLASS}>
          {children}
        </Link>
      ) : (
        <a href={href} rel="noopener noreferrer" className={LINK_CLASS}>
          {children}
        </a>
      );
    },
  };
  return (
    <div className={cn("space-y-5 text-base leading-7 text-slate-700 sm:text-lg sm:leading-8", className)}>
      <Markdown allowedElements={ALLOWED} unwrapDisallowed components={components}>
        {source}
      </Markdown>
    </div>
  );
}
