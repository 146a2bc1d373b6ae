import { TOP_CATEGORIES } from "~/lib/top-categories";

export const STORES_PER_PAGE = 24;
/** Category badges on a store card (spec §9): up to 3, then '+N'. */
export const STORE_CARD_CATEGORY_LIMIT = 3;

export type StoreDirectoryParams = { q: string; category: string | null; page: number };

export type StoreDirectoryCard = {
  id: string;
  name: string;
  description: string | null;
  categories: string[];
  logoUrl: string | null;
  verified: boolean;
};

/**
 * Reads the Stores tab's ?sq=&scategory=&spage= (its own names, so both tabs keep their filters in one URL); without
 * its own search the tab searches what the Products tab did (?q=), so a search finds stores too (#41 item 6).
 */
export function parseStoreDirectoryParams(search: URLSearchParams): StoreDirectoryParams {
  const q = (search.get("sq") ?? search.get("q") ?? "").trim().slice(0, 100);
  const raw = search.get("scategory") ?? "";
  const category = TOP_CATEGORIES.some(([slug]) => slug === raw) ? raw : null;
  const page = Math.min(Math.max(1, Number.parseInt(search.get("spage") ?? "1", 10) || 1), 1000);
  return { q, category, page };
}
