import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";

/** The signed-in user as the root loader gives it to every page (header, menus, pages that greet the user). */
export type RootUser = {
  id: string;
  name: string;
  email: string;
  isBuyer: boolean;
  isSeller: boolean;
  verified: boolean;
  isAdmin: boolean;
  unreadNotifications: number;
  unreadMessages: number;
} | null;

/** Here rather than in root.tsx, which draws the header: the header reading root would be an import cycle. */
export function useRootUser(): RootUser {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return rootData?.user ?? null;
}

/**
 * The zone the viewer's dates are shown in (app/lib/dates.ts), as root's loader decided it for this page: a
 * signed-in viewer's own (the `tz` cookie), else UTC. The same on the server and in the browser.
 */
export function useTimeZone(): string {
  return useRouteLoaderData<typeof loader>("root")?.timeZone ?? "UTC";
}

/** The page's language as root's loader decided it (record 0058): for formatting numbers, money and dates. */
export function useLocale(): Locale {
  return useRouteLoaderData<typeof loader>("root")?.locale ?? DEFAULT_LOCALE;
}
