import { Collapsible } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { buttonClasses } from "./button";
import { useHydrated } from "./use-hydrated";

type Variant = Parameters<typeof buttonClasses>[0];

/**
 * A button that shows and hides a panel (a form, mostly): Radix's Collapsible, so it is a real button with
 * aria-expanded and aria-controls, opened by Enter or Space. Without JavaScript (and until the page hydrates) the
 * button is a link to `openHref`, a URL whose page renders the panel open (`defaultOpen`).
 */
export function Disclosure({
  trigger,
  openHref,
  defaultOpen = false,
  openWhen = false,
  variant = "primary",
  triggerClassName,
  children,
}: {
  trigger: ReactNode;
  openHref: string;
  defaultOpen?: boolean;
  /** opens the panel when it turns true (something in it asks for attention, like a kept draft); closing stays the user's */
  openWhen?: boolean;
  variant?: Variant;
  triggerClassName?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (openWhen) setOpen(true);
  }, [openWhen]);
  const classes = buttonClasses(variant, "md", triggerClassName);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen}>
      {hydrated ? (
        <Collapsible.Trigger className={classes}>{trigger}</Collapsible.Trigger>
      ) : (
        <a href={openHref} className={classes}>
          {trigger}
        </a>
      )}
      <Collapsible.Content>{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
