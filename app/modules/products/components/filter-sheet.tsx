import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Dialog, DialogClose, DialogContent, DialogTitle } from "~/components/ui/dialog";

/**
 * The marketplace's filter panel as a sheet from the bottom of a phone's screen (a Radix dialog). Its code loads when
 * it first opens (marketplace-products.tsx), not with the page.
 */
export function FilterSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        layout="sheet-bottom"
        padded={false}
        showClose={false}
        aria-describedby={undefined}
        className="bg-slate-50"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
          <DialogTitle className="font-semibold">Filters</DialogTitle>
          <DialogClose
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="Hide Filters"
          >
            <X className="size-5" aria-hidden />
          </DialogClose>
        </div>
        <div className="space-y-4 p-4">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
