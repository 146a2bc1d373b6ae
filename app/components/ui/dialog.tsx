import type { ComponentProps } from "react";
import type * as Radix from "./dialog-radix";
import { lazyPart } from "./lazy-part";

// A modal dialog (Radix, dialog-radix.tsx: focus trap and return, Escape, outside click, the page behind hidden from
// assistive technology, labelling). Its code loads after the page's own (lazyPart): server rendering is unchanged.
const eager = { eager: true };
const load = () => import("./dialog-radix");
export const Dialog = lazyPart<ComponentProps<typeof Radix.Dialog>>(
  () => load().then((m) => m.Dialog),
  undefined,
  eager,
);
export const DialogTrigger = lazyPart<ComponentProps<typeof Radix.DialogTrigger>>(
  () => load().then((m) => m.DialogTrigger),
  undefined,
  eager,
);
export const DialogClose = lazyPart<ComponentProps<typeof Radix.DialogClose>>(
  () => load().then((m) => m.DialogClose),
  undefined,
  eager,
);
export const DialogTitle = lazyPart<ComponentProps<typeof Radix.DialogTitle>>(
  () => load().then((m) => m.DialogTitle),
  undefined,
  eager,
);
export const DialogDescription = lazyPart<ComponentProps<typeof Radix.DialogDescription>>(
  () => load().then((m) => m.DialogDescription),
  undefined,
  eager,
);
export const DialogContent = lazyPart<ComponentProps<typeof Radix.DialogContent>>(
  () => load().then((m) => m.DialogContent),
  undefined,
  eager,
);
