import { X } from "lucide-react";
import { Dialog as Primitive } from "radix-ui";
import { useRef, type ComponentProps, type ReactNode } from "react";
import { cn } from "./cn";
import { useTranslation } from "~/i18n/use-translation";

/** A modal dialog (Radix: focus trap and return, Escape, outside click, the page behind hidden from assistive technology, labelling). */
export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;
export const DialogTitle = Primitive.Title;
export const DialogDescription = Primitive.Description;

const layouts = {
  /** centred on the page; the width comes from `size` */
  center: "left-1/2 top-1/2 max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg",
  /** a sheet from the bottom edge of a phone, as wide as the screen */
  "sheet-bottom": "inset-x-0 bottom-0 max-h-[85dvh] w-full rounded-t-xl",
} as const;

const sizes = {
  sm: "w-[min(100%-2rem,28rem)]",
  md: "w-[min(100%-2rem,32rem)]",
  lg: "w-[min(100%-2rem,48rem)]",
} as const;

export function DialogContent({
  className,
  children,
  closeLabel,
  showClose = true,
  layout = "center",
  size = "md",
  padded = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Primitive.Content> & {
  closeLabel?: string;
  showClose?: boolean;
  layout?: keyof typeof layouts;
  /** the width of a centred dialog */
  size?: keyof typeof sizes;
  /** false: the content lays out its own padding (a header and footer with borders, say) */
  padded?: boolean;
  children: ReactNode;
}) {
  // Radix returns focus to a DialogTrigger. A dialog opened from elsewhere (a controlled `open`, as from
  // any of several clickable areas) returns it to the element that had it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  const { t } = useTranslation(["common"]);
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
      <Primitive.Content
        className={cn(
          "fixed z-50 overflow-y-auto bg-white shadow-xl outline-none",
          layouts[layout],
          layout === "center" && sizes[size],
          padded && "p-6",
          className,
        )}
        onOpenAutoFocus={(event) => {
          opener.current =
            document.activeElement instanceof HTMLElement && document.activeElement !== document.body
              ? document.activeElement
              : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
        {...props}
      >
        {children}
        {showClose ? (
          <Primitive.Close
            className="absolute right-3 top-3 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={closeLabel ?? t("common:dialog.close")}
          >
            <X className="size-4" aria-hidden />
          </Primitive.Close>
        ) : null}
      </Primitive.Content>
    </Primitive.Portal>
  );
}
