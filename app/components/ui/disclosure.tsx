import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { buttonClasses } from "./button";

type Variant = Parameters<typeof buttonClasses>[0];

/**
 * A button that shows and hides a panel (a form, mostly). It is one element from the server's HTML on: a link to
 * `openHref` (a URL whose page renders the panel open, `defaultOpen`) with the role of a button, aria-expanded and
 * aria-controls. Without JavaScript, and until the page hydrates, a click follows the link; once hydrated it toggles
 * the panel in place (Enter, Space or a click). It was Radix's Collapsible trigger swapped in for the link at
 * hydration, and a click that landed on the swap was lost; the pattern (WAI-ARIA's disclosure) is small enough
 * that no library is needed for it.
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
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  useEffect(() => {
    if (openWhen) setOpen(true);
  }, [openWhen]);
  const toggle = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setOpen((was) => !was);
  };
  return (
    <div>
      <a
        href={openHref}
        role="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={buttonClasses(variant, "md", triggerClassName)}
        onClick={(event) => {
          // a click with a modifier opens the link's page in another tab, as a link does
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          toggle(event);
        }}
        onKeyDown={(event) => {
          if (event.key === " ") toggle(event);
        }}
      >
        {trigger}
      </a>
      <div id={panelId} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
