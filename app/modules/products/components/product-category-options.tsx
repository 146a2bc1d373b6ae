import { categoryOptions } from "~/lib/categories";
import { useCategoryName } from "~/i18n/use-category-name";

/**
 * The category tree as a select's options (issue #41.2): each top category, then its subcategories, named in the
 * page's language. A product is filed under the one chosen (a top category alone, or one of its subcategories).
 */
export function ProductCategoryOptions() {
  return categoryOptions(useCategoryName()).map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}
