import { RadioGroup as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * One choice out of several, always one chosen (Radix: a radiogroup with roving focus; the arrow keys move
 * and choose). Style the items through `data-[state=checked]`.
 */
export function RadioGroup({ className, ...props }: ComponentProps<typeof Primitive.Root>) {
  return <Primitive.Root className={cn("flex gap-2", className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof Primitive.Item>) {
  return (
    <Primitive.Item
      className={cn(
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        className,
      )}
      {...props}
    />
  );
}
