import type { ReactNode } from "react";
import { Button, ButtonLink } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "./dialog";
import { useHydrated } from "./use-hydrated";

/**
 * A button that asks before an action that cannot be undone: a dialog stating what will happen, holding the form
 * that does it (`children`). Without JavaScript the button is a link to `fallbackHref`, a page that shows the same
 * form in place (`ConfirmPanel`), so the question is asked either way and a GET changes nothing.
 */
export function ConfirmDialog({
  label,
  title,
  consequence,
  fallbackHref,
  variant = "primary",
  open,
  onOpenChange,
  children,
}: {
  label: string;
  title: string;
  consequence: string;
  fallbackHref: string;
  variant?: "primary" | "outline";
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <ButtonLink to={fallbackHref} size="sm" variant={variant} preventScrollReset>
        {label}
      </ButtonLink>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant={variant}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm">
        <DialogTitle className="pr-6 text-lg font-semibold">{title}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600">{consequence}</DialogDescription>
        <div className="mt-4">{children}</div>
      </DialogContent>
    </Dialog>
  );
}

/** The same question on the page itself, for a browser without JavaScript (see ConfirmDialog). */
export function ConfirmPanel({
  title,
  consequence,
  children,
}: {
  title: string;
  consequence: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold">{title}</h3>
      <p className="mt-1 text-sm text-slate-700">{consequence}</p>
      <div className="mt-3">{children}</div>
    </section>
  );
}
