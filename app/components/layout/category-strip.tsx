import { Link, useLocation } from "react-router";
import { CATEGORY_STRIP } from "~/lib/category-strip";
import { cn } from "~/components/ui/cn";
import { useTranslation } from "~/i18n/use-translation";
import { activeLinkProps } from "./active-link";

function categoryClass({ isActive }: { isActive: boolean }) {
  return cn(
    "block rounded-md px-3 py-1.5",
    isActive ? "bg-slate-100 font-medium" : "text-slate-600 hover:bg-slate-50 hover:text-slate-900",
  );
}

/** The header's row of category links, on every page. */
export function CategoryStrip() {
  const location = useLocation();
  const { t } = useTranslation(["common"]);
  return (
    <nav aria-label={t("common:strip.label")} className="border-t border-slate-100">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-1.5 text-sm">
        {CATEGORY_STRIP.map((c) => (
          <li key={c.slug} className="shrink-0">
            <Link
              {...activeLinkProps(location.pathname, `/category/${c.slug}`, categoryClass)}
              to={`/category/${c.slug}`}
            >
              {t(`common:strip.${c.slug}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
