import { Button, ButtonLink } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";

/** The dialog itself (auth-required-dialog.tsx loads it when it first opens). */
export function AuthRequiredDialogContent({
  open,
  onOpenChange,
  redirectTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  redirectTo?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" showClose={false}>
        <DialogTitle className="text-lg font-semibold">Authentication Required</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600">
          Please log in to access this feature and start connecting with sellers.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <ButtonLink to={redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth"}>
            Login
          </ButtonLink>
        </div>
      </DialogContent>
    </Dialog>
  );
}
