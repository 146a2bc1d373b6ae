import { ToggleGroup as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * A set of toggle buttons (Radix: roving focus, arrow keys move, Space or Enter presses; `type="single"` is
 * one-of-many). Style the items through `data-[state=on]`.
 */
export function ToggleGroup({ className, ...props }: ComponentProps<typeof Primitive.Root>) {
  return <Primitive.Root className={cn("flex gap-1", className)} {...props} />;
}

export function ToggleGroupItem({ className, ...props }: ComponentProps<typeof Primitive.Item>) {
  return (
    <Primitive.Item className={cn("focus-visible:outline-2 focus-visible:outline-brand-600", className)} {...props} />
  );
}
