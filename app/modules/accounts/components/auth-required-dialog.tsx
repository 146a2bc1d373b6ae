import { useState, type ComponentProps } from "react";
import { lazyPart } from "~/components/ui/lazy-part";
import type { AuthRequiredDialogContent } from "./auth-required-dialog-content";

type Props = ComponentProps<typeof AuthRequiredDialogContent>;

const Content = lazyPart<Props>(() =>
  import("./auth-required-dialog-content").then((m) => m.AuthRequiredDialogContent),
);

/**
 * Spec: what a visitor sees on trying something that needs an account (follow, inquire, contact…). Rendered, and its
 * code (the dialog's, Radix) fetched, only once it first opens: most visitors of a product or store page never see it,
 * and it would be about 15 KB of their first load (issue #40, record 0046).
 */
export function AuthRequiredDialog(props: Props) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <Content {...props} /> : null;
}
