import type { ComponentProps } from "react";
import type * as Radix from "./toggle-group-radix";
import { lazyPart } from "./lazy-part";

// A set of toggle buttons (Radix, toggle-group-radix.tsx). Its code loads after the page's own (lazyPart).
const eager = { eager: true };
const load = () => import("./toggle-group-radix");
export const ToggleGroup = lazyPart<ComponentProps<typeof Radix.ToggleGroup>>(
  () => load().then((m) => m.ToggleGroup),
  undefined,
  eager,
);
export const ToggleGroupItem = lazyPart<ComponentProps<typeof Radix.ToggleGroupItem>>(
  () => load().then((m) => m.ToggleGroupItem),
  undefined,
  eager,
);
