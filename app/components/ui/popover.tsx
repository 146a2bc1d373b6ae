import { Popover as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A panel that opens from a button and may hold a form and links (Radix: Escape, outside click, focus return). */
export const Popover = Primitive.Root;
export const PopoverTrigger = Primitive.Trigger;
export const PopoverClose = Primitive.Close;

export function PopoverContent({
  className,
  align = "end",
  sideOffset = 4,
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn("z-50 w-64 rounded-lg border border-slate-200 bg-white p-3 shadow-lg outline-none", className)}
        {...props}
      />
    </Primitive.Portal>
  );
}
