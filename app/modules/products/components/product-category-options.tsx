import { PRODUCT_CATEGORIES } from "~/lib/categories";

/** The six product categories as a select's options (spec §3 value lists). */
export function ProductCategoryOptions() {
  return PRODUCT_CATEGORIES.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}
