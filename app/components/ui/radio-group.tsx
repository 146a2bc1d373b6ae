import type { ComponentProps } from "react";
import type * as Radix from "./radio-group-radix";
import { lazyPart } from "./lazy-part";

// One choice out of several (Radix, radio-group-radix.tsx). Its code loads after the page's own (lazyPart).
const eager = { eager: true };
const load = () => import("./radio-group-radix");
export const RadioGroup = lazyPart<ComponentProps<typeof Radix.RadioGroup>>(
  () => load().then((m) => m.RadioGroup),
  undefined,
  eager,
);
export const RadioGroupItem = lazyPart<ComponentProps<typeof Radix.RadioGroupItem>>(
  () => load().then((m) => m.RadioGroupItem),
  undefined,
  eager,
);
