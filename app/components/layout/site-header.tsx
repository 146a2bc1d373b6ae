import { Bell, Menu, MessageSquare } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useRootUser } from "~/components/layout/use-root-user";
import { activeLinkProps } from "./active-link";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { lazyPart } from "~/components/ui/lazy-part";
import { UserMenuButton } from "./user-menu-button";
import { LanguageSwitch } from "./language-switch";
import { useTranslation } from "react-i18next";

// the menu's code loads on demand: anonymous visitors never need it; the server renders it as usual
const UserMenu = lazyPart(
  () => import("./user-menu").then((m) => m.UserMenu),
  // shown while the code loads after a client-side sign-in: disabled, as it cannot open yet
  ({ user }) => <UserMenuButton name={user.name} aria-haspopup="menu" disabled />,
);

// The search form and the category strip are server HTML that works without JavaScript (a GET form, links): their
// code loads after the page's (route budgets, decision record 0031) and hydrates them when it arrives.
const HeaderSearch = lazyPart(() => import("./header-search").then((m) => m.HeaderSearch), undefined, { eager: true });
const CategoryStrip = lazyPart(() => import("./category-strip").then((m) => m.CategoryStrip), undefined, {
  eager: true,
});

const NAV_LINKS = [
  { to: "/browse", label: "common:nav.browse" },
  { to: "/categories", label: "common:nav.categories" },
  { to: "/rfqs", label: "common:nav.rfqs" },
  { to: "/blog", label: "common:nav.blog" },
  { to: "/services", label: "common:nav.sellOnSetu" },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium",
    isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900 hover:bg-slate-100",
  );
}

export function SiteHeader() {
  const { t } = useTranslation(["common"]);
  const user = useRootUser();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const onToggle = () => setMenuOpen(!!menu.current?.open);
  // a menu opened before the page hydrated: its search appears now
  useEffect(() => setMenuOpen(!!menu.current?.open), []);
  // Close the phone's menu after navigating. Not when the page first hydrates: a menu opened before the
  // scripts arrived (a slow phone) must stay open.
  const shownLocation = useRef(location.key);
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    menu.current?.removeAttribute("open");
    setMenuOpen(false);
  }, [location]);
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("common:header.skipToContent")}
      </a>
      <div className="bg-slate-900 text-xs text-slate-100">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4">
          <p className="py-2">{t("common:header.tagline")}</p>
          <div className="flex items-center gap-4">
            <nav aria-label={t("common:nav.support")} className="hidden gap-4 sm:flex">
              <Link to="/services-for-sellers" className="hover:underline">
                {t("common:nav.servicesForSellers")}
              </Link>
              <Link to="/help" className="hover:underline">
                {t("common:nav.help")}
              </Link>
              <Link to="/contact" className="hover:underline">
                {t("common:nav.contact")}
              </Link>
              <Link to="/terms" className="hover:underline">
                {t("common:nav.terms")}
              </Link>
            </nav>
            <LanguageSwitch />
          </div>
        </div>
      </div>

      <div className="relative mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-xl font-bold text-slate-900"
          aria-label={t("common:header.home")}
        >
          {/* low: React would otherwise preload it in the head, ahead of the stylesheet and the page's main picture */}
          <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} fetchPriority="low" />
          Setu
        </Link>
        <HeaderSearch className="hidden flex-1 md:block md:max-w-md" />
        {/* Below lg the navigation collapses into a menu: a disclosure (<details>: navigation is not an ARIA menu,
            and it works without JavaScript) whose summary comes before the links in the DOM (Tab goes from the
            button into the opened menu) but sits at the far right: placed there absolutely, with room kept for it
            beside the account links, rather than moved there by flex order, which placed it only once the elements
            after it had arrived (a browser painting the page half-read showed it beside the logo first: a layout
            shift). */}
        <details
          ref={menu}
          className="group max-lg:absolute max-lg:right-4 max-lg:top-1/2 max-lg:-translate-y-1/2 lg:hidden"
          onToggle={onToggle}
        >
          <summary
            className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            aria-label={t("common:header.menu")}
          >
            <Menu className="size-5" aria-hidden />
          </summary>
        </details>
        {/* One list of links for every width (rendered once, not once per layout): a row on wide screens, the
            menu's panel below lg, shown while the disclosure above is open. */}
        <div className="max-lg:absolute max-lg:right-4 max-lg:top-full max-lg:z-50 max-lg:mt-1 max-lg:hidden max-lg:w-64 max-lg:rounded-lg max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-3 max-lg:shadow-lg max-lg:[:has(>details[open])>&]:block lg:contents">
          <nav aria-label={t("common:nav.main")} className="flex max-lg:flex-col lg:items-center">
            {NAV_LINKS.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                prefetch="intent"
                {...activeLinkProps(location.pathname, link.to, navClass)}
              >
                {t(link.label)}
              </Link>
            ))}
            {!user ? (
              <Link
                to="/auth"
                {...activeLinkProps(location.pathname, "/auth", (state) => cn(navClass(state), "lg:hidden"))}
              >
                {t("common:nav.signIn")}
              </Link>
            ) : null}
          </nav>
          {/* the phone's search: only once the menu is opened (client-side), as most visitors never open it; below
              the links, so that its arrival (a menu opened before the page hydrated) moves none of them under a
              finger about to tap one */}
          {menuOpen ? <HeaderSearch className="mt-2 md:hidden" label={t("common:search.regionInMenu")} /> : null}
        </div>
        <div className="ml-auto flex items-center gap-2 max-lg:mr-13">
          {user ? (
            <>
              <MessagesLink count={user.unreadMessages} />
              <NotificationBell count={user.unreadNotifications} />
              <UserMenu user={user} />
              {/* without JavaScript the menu cannot open: its pages are a link away */}
              <noscript>
                <span className="flex items-center gap-2">
                  <Link
                    to="/dashboard"
                    className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                  >
                    {t("common:nav.dashboard")}
                  </Link>
                  <form method="post" action="/auth/sign-out">
                    <button
                      type="submit"
                      className="rounded-md px-3 py-2 text-sm font-medium text-red-700 hover:bg-slate-100"
                    >
                      {t("common:nav.signOut")}
                    </button>
                  </form>
                </span>
              </noscript>
            </>
          ) : (
            <>
              <Link
                to="/auth"
                className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:block"
              >
                {t("common:nav.signIn")}
              </Link>
              <Link to="/auth?tab=signup" className={buttonClasses("primary", "sm")}>
                {t("common:nav.joinFree")}
              </Link>
            </>
          )}
        </div>
      </div>

      <CategoryStrip />
    </header>
  );
}

/** A header icon linking to `to`, with the number of unread things on it (messages, notifications). */
function CountLink({
  to,
  icon: Icon,
  name,
  count,
  testId,
}: {
  to: string;
  icon: typeof Bell;
  name: string;
  count: number;
  testId?: string;
}) {
  const { t } = useTranslation(["common"]);
  const label = count === 0 ? name : t("common:header.unread", { name, count });
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Icon className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          data-testid={testId}
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white tabular-nums"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

function MessagesLink({ count }: { count: number }) {
  const { t } = useTranslation(["common"]);
  return (
    <CountLink
      to="/messages"
      icon={MessageSquare}
      name={t("common:nav.messages")}
      count={count}
      testId="unread-messages"
    />
  );
}

/** The bell: a link to /notifications with the number of unread ones. */
function NotificationBell({ count }: { count: number }) {
  const { t } = useTranslation(["common"]);
  return <CountLink to="/notifications" icon={Bell} name={t("common:nav.notifications")} count={count} />;
}
