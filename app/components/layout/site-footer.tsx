import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const COLUMNS = [
  {
    title: "common:footer.forSellers",
    links: [
      { to: "/services-for-sellers", label: "common:footer.servicesForIndianSellers" },
      { to: "/auth?tab=signup&role=seller", label: "common:footer.startSelling" },
      { to: "/stores", label: "common:nav.myStores" },
      { to: "/rfqs", label: "common:footer.browseRfqs" },
    ],
  },
  {
    title: "common:footer.forBuyers",
    links: [
      { to: "/browse", label: "common:footer.browseMarketplace" },
      { to: "/categories", label: "common:nav.categories" },
      { to: "/create-rfq", label: "common:footer.postRfq" },
      { to: "/orders", label: "common:nav.orders" },
    ],
  },
  {
    title: "common:nav.support",
    links: [
      { to: "/help", label: "common:footer.helpCenter" },
      { to: "/contact", label: "common:footer.contactUs" },
      { to: "/blog", label: "common:nav.blog" },
      { to: "/terms", label: "common:footer.termsOfService" },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation(["common"]);
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Setu</p>
          <p className="mt-2 max-w-xs text-sm text-slate-600">{t("common:footer.about")}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold text-slate-900">{t(column.title)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-slate-600 hover:text-slate-900 hover:underline">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-500">
          {t("common:footer.copyright", { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
