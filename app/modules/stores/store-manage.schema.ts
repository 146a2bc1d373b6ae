import { z } from "zod";
import { intentOptions, postedId } from "~/lib/posted-fields";
import { STORE_STATUSES } from "~/lib/status-lists";
import { postedCategoryTabsSchema, postedStoreDesignSchema } from "./store-design.schema";

const NOT_IN_STORE = "Product not found in your store";

/**
 * The store management page's forms (POST /stores/:id/manage), one per intent. The category tabs and the design
 * are JSON, read here; the Create Product dialog's draft is read by postedDraftSchema once the poster is known to
 * be a seller (refuseNonSeller), and the Settings tab's store details beside it by storeDetailsSchema.
 */
export const storeManageActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create-dialog"), payload: z.string() }),
    z.object({
      intent: z.literal("add-products"),
      productIds: z
        .array(postedId("Unknown product"))
        .min(1, "Select at least one product")
        .max(200, "Add at most 200 products at a time")
        .transform((ids) => [...new Set(ids)]),
    }),
    z.object({ intent: z.literal("feature"), linkId: postedId(NOT_IN_STORE) }),
    z.object({ intent: z.literal("tab"), linkId: postedId(NOT_IN_STORE), tab: z.string().max(200) }),
    z.object({ intent: z.literal("remove"), linkId: postedId(NOT_IN_STORE) }),
    z.object({ intent: z.literal("save-tabs"), payload: postedCategoryTabsSchema }),
    z.object({ intent: z.literal("save-design"), payload: postedStoreDesignSchema }),
    z.object({
      intent: z.literal("settings"),
      status: z.enum(STORE_STATUSES, { error: "Please choose the store's status" }),
    }),
  ],
  intentOptions,
);
export type StoreManageAction = z.output<typeof storeManageActionSchema>;

/** The store management form's fields as storeManageActionSchema reads them (the product ids as a list). */
export function readStoreManageForm(form: FormData): Record<string, unknown> {
  const text = (key: string) => (typeof form.get(key) === "string" ? (form.get(key) as string) : "");
  return {
    intent: text("intent"),
    payload: text("payload"),
    productIds: form.getAll("productIds").filter((id) => typeof id === "string"),
    linkId: text("linkId"),
    tab: text("tab"),
    status: text("status"),
  };
}
