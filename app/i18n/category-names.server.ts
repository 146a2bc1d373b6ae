import type { Locale } from "~/lib/locale";
import { textsIn } from "./resources.server";

/** The server's `useCategoryName`: for options a loader sends (their page's code does not carry the tree). */
export function categoryNameIn(locale: Locale): (value: string) => string {
  const t = textsIn(locale);
  return (value) => t(`categories:${value}` as "categories:handicrafts", { defaultValue: value });
}
