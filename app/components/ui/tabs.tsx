import { Tabs as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Tabs (Radix: arrow keys, Home/End, roving focus, tab/tabpanel wiring). */
export const Tabs = Primitive.Root;

type Variant = "pill" | "underline";

export function TabsList({
  className,
  variant = "pill",
  ...props
}: ComponentProps<typeof Primitive.List> & { variant?: Variant }) {
  return (
    <Primitive.List
      className={cn("flex gap-1", variant === "underline" && "border-b border-slate-200", className)}
      {...props}
    />
  );
}

const triggers: Record<Variant, string> = {
  /** a segment of a grey track; the active one is a raised white pill */
  pill: "rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm",
  /** a label over a line; the active one is underlined in the brand colour */
  underline:
    "whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700",
};

export function TabsTrigger({
  className,
  variant = "pill",
  ...props
}: ComponentProps<typeof Primitive.Trigger> & { variant?: Variant }) {
  return <Primitive.Trigger className={cn(triggers[variant], className)} {...props} />;
}

/**
 * A tab's panel. Radix mounts only the active one; with `forceMount` every panel stays mounted (the state
 * of what is inside it survives a tab switch) and the inactive ones are hidden.
 */
export function TabsContent({ className, ...props }: ComponentProps<typeof Primitive.Content>) {
  return <Primitive.Content className={cn("outline-none data-[state=inactive]:hidden", className)} {...props} />;
}
