import { ChevronDown, Menu, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useRootUser } from "~/root";
import { CATEGORY_STRIP } from "~/lib/categories";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { HeaderSearch } from "./header-search";

const NAV_LINKS = [
  { to: "/browse", label: "Browse" },
  { to: "/categories", label: "Categories" },
  { to: "/rfqs", label: "RFQs" },
  { to: "/blog", label: "Blog" },
  { to: "/services", label: "Sell on Setu" },
];

const USER_MENU = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/stores", label: "My Stores", sellerOnly: true },
  { to: "/products", label: "My Products", sellerOnly: true },
  { to: "/rfqs?mine=1", label: "My RFQs" },
  { to: "/orders", label: "Orders" },
  { to: "/profile", label: "Profile" },
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
  // Menus are <details> elements (they work without JavaScript); close them after navigating. Not when the
  // page first hydrates: a menu opened before the scripts arrived (a slow phone) must stay open.
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
          <p>Shop wholesale online from over 100,000 brands.</p>
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
            <details className="group relative">
              <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                <UserRound className="size-4" aria-hidden />
                <span className="max-w-32 truncate">{user.name}</span>
                <ChevronDown className="size-4 transition group-open:rotate-180" aria-hidden />
              </summary>
              <div className="absolute right-0 z-50 mt-1 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
                <p className="truncate border-b border-slate-100 px-4 py-2 text-xs text-slate-500">{user.email}</p>
                {USER_MENU.filter((item) => !item.sellerOnly || user.userType === "seller").map((item) => (
                  <Link key={item.to} to={item.to} className="block px-4 py-2 text-sm hover:bg-slate-50">
                    {item.label}
                  </Link>
                ))}
                {user.isAdmin ? (
                  <Link to="/admin/verifications" className="block px-4 py-2 text-sm hover:bg-slate-50">
                    Verifications
                  </Link>
                ) : null}
                <Form method="post" action="/auth/sign-out" className="border-t border-slate-100">
                  <button type="submit" className="block w-full px-4 py-2 text-left text-sm text-red-700 hover:bg-slate-50">
                    Sign Out
                  </button>
                </Form>
              </div>
            </details>
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
