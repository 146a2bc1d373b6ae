import { CATEGORY_OPTIONS } from "~/lib/categories";

/**
 * The category tree as a select's options (issue #41.2): each top category, then its subcategories. A product is
 * filed under the one chosen (a top category alone, or one of its subcategories).
 */
export function ProductCategoryOptions() {
  return CATEGORY_OPTIONS.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}
