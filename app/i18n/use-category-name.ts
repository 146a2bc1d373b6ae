import { useTranslation } from "~/i18n/use-translation";

/**
 * A category's name in the page's language, from its slug (`categories:*`, one key per slug of the tree in
 * app/lib/categories.ts, whose English labels it repeats: a test keeps them equal). A value that is not a slug of the
 * tree (an old or free-text value) shows as it is. The namespace travels only with pages that show a category.
 */
export function useCategoryName(): (value: string) => string {
  const { t } = useTranslation(["categories"]);
  return (value) => t(`categories:${value}` as "categories:handicrafts", { defaultValue: value });
}
