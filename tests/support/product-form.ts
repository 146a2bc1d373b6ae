import type { Db } from "~/db/client.server";
import { parseInput } from "~/lib/command-result";
import type { Actor } from "~/modules/accounts/accounts.schema";
import {
  addProduct,
  createProductFromDraft,
  editProduct,
  refuseNonSeller,
} from "~/modules/products/product-commands.server";
import { addProductSchema, postedDraftSchema, readProductForm } from "~/modules/products/product-form.schema";
import { storeShelf } from "~/modules/stores/store-shelf.server";

/** The Add Product form posted as the /products action takes it: sellers only, then the schema, then the command. */
export function postAddProduct(db: Db, actor: Actor, form: FormData) {
  const input = refuseNonSeller(actor) ?? parseInput(addProductSchema, readProductForm(form));
  return input.ok ? addProduct(db, actor, input.value) : input;
}

/** The product edit form posted as the /products action takes it. */
export function postEditProduct(db: Db, actor: Actor, productId: string, form: FormData) {
  const input = refuseNonSeller(actor) ?? parseInput(addProductSchema, readProductForm(form));
  return input.ok ? editProduct(db, actor, productId, input.value) : input;
}

/** The Create Product dialog's draft (JSON) posted as /products and store management take it. */
export function postProductDraft(
  db: Db,
  actor: Actor,
  payload: string,
  options: { storeId?: string | null; now?: number } = {},
) {
  const draft = refuseNonSeller(actor) ?? parseInput(postedDraftSchema, payload);
  const placed = { now: options.now, shelf: storeShelf(actor, options.storeId) };
  return draft.ok ? createProductFromDraft(db, actor, draft.value, placed) : Promise.resolve(draft);
}
