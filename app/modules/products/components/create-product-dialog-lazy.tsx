import { Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { lazyPart } from "~/components/ui/lazy-part";

/**
 * The Create Product dialog (create-product-dialog.tsx) with its code (four tabs, the draft's zod schema) loaded
 * after the page's: only a seller adding a product needs it (route JS budgets). The server renders it in place; a
 * client-side navigation shows its button, disabled, for the moment the code takes.
 */
export const CreateProductDialog = lazyPart(
  () => import("./create-product-dialog").then((m) => m.CreateProductDialog),
  ({ triggerLabel = "Create Product" }) => (
    <Button disabled>
      <Plus className="size-4" aria-hidden /> {triggerLabel}
    </Button>
  ),
  { eager: true },
);
