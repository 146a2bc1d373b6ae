import { Bell, Menu, MessageSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useRootUser } from "~/root";
import { CATEGORY_STRIP } from "~/lib/categories";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { lazyPart } from "~/components/ui/lazy-part";
import { HeaderSearch } from "./header-search";
import { UserMenuButton } from "./user-menu-button";

// the menu's code loads on demand: anonymous visitors never need it; the server renders it as usual
const UserMenu = lazyPart(
  () => import("./user-menu").then((m) => m.UserMenu),
  // shown while the code loads after a client-side sign-in: disabled, as it cannot open yet
  ({ user }) => <UserMenuButton name={user.name} aria-haspopup="menu" disabled />,
);

const NAV_LINKS = [
  { to: "/browse", label: "Browse" },
  { to: "/categories", label: "Categories" },
  { to: "/rfqs", label: "RFQs" },
  { to: "/blog", label: "Blog" },
  { to: "/services", label: "Sell on Setu" },
];


function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium",
    isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900 hover:bg-slate-100",
  );
}

export function SiteHeader() {
  const user = useRootUser();
  const location = useLocation();
  // The mobile navigation is a disclosure (<details>: navigation is not an ARIA menu, and it works without
  // JavaScript); close it after navigating. Not when the page first hydrates: a menu opened before the
  // scripts arrived (a slow phone) must stay open.
  const shownLocation = useRef(location.key);
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    document.querySelectorAll("header details[open]").forEach((menu) => menu.removeAttribute("open"));
  }, [location]);
  return (
    <header className="border-b border-slate-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="bg-slate-900 text-xs text-slate-100">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
          <p>Shop wholesale online from verified Indian suppliers.</p>
          <nav aria-label="Support" className="hidden gap-4 sm:flex">
            <Link to="/services-for-sellers" className="hover:underline">
              Services for Sellers
            </Link>
            <Link to="/help" className="hover:underline">
              Help
            </Link>
            <Link to="/contact" className="hover:underline">
              Contact
            </Link>
            <Link to="/terms" className="hover:underline">
              Terms
            </Link>
          </nav>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Link to="/" className="flex shrink-0 items-center gap-2 text-xl font-bold text-slate-900" aria-label="Setu home">
          <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
          Setu
        </Link>
        <HeaderSearch className="hidden flex-1 md:block md:max-w-md" />
        <nav aria-label="Main" className="hidden items-center lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass} prefetch="intent">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <MessagesLink count={user.unreadMessages} />
              <NotificationBell count={user.unreadNotifications} />
              <UserMenu user={user} />
              {/* without JavaScript the menu cannot open: its pages are a link away */}
              <noscript>
                <span className="flex items-center gap-2">
                  <Link to="/dashboard" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
                    Dashboard
                  </Link>
                  <form method="post" action="/auth/sign-out">
                    <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-red-700 hover:bg-slate-100">
                      Sign Out
                    </button>
                  </form>
                </span>
              </noscript>
            </>
          ) : (
            <>
              <Link to="/auth" className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:block">
                Sign In
              </Link>
              <Link to="/auth?tab=signup" className={buttonClasses("primary", "sm")}>
                Join Free
              </Link>
            </>
          )}
          <details className="group relative lg:hidden">
            <summary
              className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label="Menu"
            >
              <Menu className="size-5" aria-hidden />
            </summary>
            <div className="absolute right-0 z-50 mt-1 w-64 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
              <HeaderSearch className="mb-2 md:hidden" label="Search in menu" />
              <nav aria-label="Mobile" className="flex flex-col">
                {NAV_LINKS.map((link) => (
                  <NavLink key={link.to} to={link.to} className={navClass}>
                    {link.label}
                  </NavLink>
                ))}
                {!user ? (
                  <NavLink to="/auth" className={navClass}>
                    Sign In
                  </NavLink>
                ) : null}
              </nav>
            </div>
          </details>
        </div>
      </div>

      <nav aria-label="Categories" className="border-t border-slate-100">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-1.5 text-sm">
          {CATEGORY_STRIP.map((c) => (
            <li key={c.slug} className="shrink-0">
              <NavLink
                to={`/category/${c.slug}`}
                className={({ isActive }) =>
                  cn("block rounded-md px-3 py-1.5", isActive ? "bg-slate-100 font-medium" : "text-slate-600 hover:bg-slate-50 hover:text-slate-900")
                }
              >
                {c.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** A header icon linking to `to`, with the number of unread things on it (messages, notifications). */
function CountLink({ to, icon: Icon, name, count, testId }: { to: string; icon: typeof Bell; name: string; count: number; testId?: string }) {
  const label = count === 0 ? name : `${name}, ${count} unread`;
  return (
    <Link to={to} aria-label={label} title={label} className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
      <Icon className="size-5" aria-hidden />
      {count > 0 ? (
        <span aria-hidden data-testid={testId} className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white tabular-nums">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

function MessagesLink({ count }: { count: number }) {
  return <CountLink to="/messages" icon={MessageSquare} name="Messages" count={count} testId="unread-messages" />;
}

/** The bell: a link to /notifications with the number of unread ones. */
function NotificationBell({ count }: { count: number }) {
  return <CountLink to="/notifications" icon={Bell} name="Notifications" count={count} />;
}
