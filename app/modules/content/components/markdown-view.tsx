import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { type Block, type Inline, inlineText, isSafeHref } from "../markdown";

function headingId(children: Inline[]): string {
  return inlineText(children)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, index) => {
        switch (node.type) {
          case "text":
            return node.text;
          case "strong":
            return (
              <strong key={index} className="font-semibold text-slate-900">
                <InlineNodes nodes={node.children} />
              </strong>
            );
          case "em":
            return (
              <em key={index}>
                <InlineNodes nodes={node.children} />
              </em>
            );
          case "link": {
            const label = <InlineNodes nodes={node.children} />;
            const className = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600";
            // The parser already filters hrefs; checked again so hand-built blocks cannot bypass it.
            if (!isSafeHref(node.href)) return <span key={index}>{label}</span>;
            return node.href.startsWith("/") ? (
              <Link key={index} to={node.href} className={className}>
                {label}
              </Link>
            ) : (
              <a key={index} href={node.href} rel="noopener noreferrer" className={className}>
                {label}
              </a>
            );
          }
        }
      })}
    </>
  );
}

export function MarkdownView({ blocks, className }: { blocks: Block[]; className?: string }) {
  const usedIds = new Set<string>();
  const uniqueHeadingId = (children: Inline[]) => {
    const base = headingId(children) || "section";
    let id = base;
    for (let n = 2; usedIds.has(id); n++) id = `${base}-${n}`;
    usedIds.add(id);
    return id;
  };
  return (
    <div className={cn("space-y-5 text-base leading-7 text-slate-700 sm:text-lg sm:leading-8", className)}>
      {blocks.map((block, index) => {
        switch (block.type) {
          case "heading": {
            const id = uniqueHeadingId(block.children);
            return block.level === 2 ? (
              <h2 key={index} id={id} className="scroll-mt-24 pt-4 text-2xl font-bold tracking-tight text-slate-900">
                <InlineNodes nodes={block.children} />
              </h2>
            ) : (
              <h3 key={index} id={id} className="scroll-mt-24 pt-2 text-xl font-semibold text-slate-900">
                <InlineNodes nodes={block.children} />
              </h3>
            );
          }
          case "paragraph":
            return (
              <p key={index}>
                <InlineNodes nodes={block.children} />
              </p>
            );
          case "list": {
            const items = block.items.map((item, itemIndex) => (
              <li key={itemIndex} className="pl-1">
                <InlineNodes nodes={item} />
              </li>
            ));
            return block.ordered ? (
              <ol key={index} start={block.start} className="list-decimal space-y-2 pl-6 marker:text-slate-500">
                {items}
              </ol>
            ) : (
              <ul key={index} className="list-disc space-y-2 pl-6 marker:text-slate-400">
                {items}
              </ul>
            );
          }
        }
      })}
    </div>
  );
}
