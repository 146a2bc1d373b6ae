import { Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { lazyPart } from "~/components/ui/lazy-part";
import { useTranslation } from "~/i18n/use-translation";

function LoadingTrigger({ triggerLabel }: { triggerLabel?: string }) {
  const { t } = useTranslation(["products"]);
  return (
    <Button disabled>
      <Plus className="size-4" aria-hidden /> {triggerLabel ?? t("products:dialog.trigger")}
    </Button>
  );
}

/**
 * The Create Product dialog (create-product-dialog.tsx) with its code (four tabs, the draft's zod schema) loaded
 * after the page's: only a seller adding a product needs it (route JS budgets). The server renders it in place; a
 * client-side navigation shows its button, disabled, for the moment the code takes.
 */
export const CreateProductDialog = lazyPart(
  () => import("./create-product-dialog").then((m) => m.CreateProductDialog),
  ({ triggerLabel }) => <LoadingTrigger triggerLabel={triggerLabel} />,
  { eager: true },
);
