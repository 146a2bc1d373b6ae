import type { ParseKeys } from "i18next";
import type { Namespace } from "./config";
import { useTranslation } from "./use-translation";

/** The namespaces page titles come from: always on the page (common), or the auth pages' own. */
type TitleKey = Extract<ParseKeys<["common", "auth"]>, `${"common" | "auth"}:${string}`>;

/**
 * The page's `<title>` in the page's language (decision record 0058): rendered by the route's component, which React
 * 19 hoists into `<head>` on the server's render and replaces on a client-side navigation, so it is translated as the
 * page's own texts are. Routes that use it give no `title` in `meta()` (a page would have two). The key's namespace
 * is the only one it reads, so a title never makes the page load another.
 */
export function PageTitle({ text, values }: { text: TitleKey; values?: Record<string, string> }) {
  const { t } = useTranslation([text.slice(0, text.indexOf(":")) as Namespace]);
  const title = (t as unknown as (key: string, options?: Record<string, string>) => string)(text, values);
  return <title>{`${title} | Setu`}</title>;
}
