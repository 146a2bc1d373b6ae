import type { Db } from "~/db/client.server";
import { parseInput } from "~/lib/command-result";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { storeManageActionSchema } from "~/modules/stores/store-manage.schema";
import { saveCategoryTabs, saveStoreDesign } from "~/modules/stores/stores.server";

/** The Settings tab's category tabs (JSON) posted as the store management action reads them. */
export async function postCategoryTabs(db: Db, actor: SessionUser, storeId: string, payload: string) {
  const input = parseInput(storeManageActionSchema, { intent: "save-tabs", payload });
  if (!input.ok) return input;
  if (input.value.intent !== "save-tabs") throw new Error("read as another intent");
  return saveCategoryTabs(db, actor, storeId, input.value.payload);
}

/** The visual editor's design (JSON) posted as the store management action reads it. */
export async function postStoreDesign(db: Db, actor: SessionUser, storeId: string, payload: string) {
  const input = parseInput(storeManageActionSchema, { intent: "save-design", payload });
  if (!input.ok) return input;
  if (input.value.intent !== "save-design") throw new Error("read as another intent");
  return saveStoreDesign(db, actor, storeId, input.value.payload);
}
