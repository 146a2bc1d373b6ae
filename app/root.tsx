import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import { toast, Toasts } from "~/components/ui/toast";
import { FLASH_SEEN_COOKIE } from "~/http/flash-seen";
import { readFlash } from "~/http/flash.server";
import { feedbackIn } from "~/i18n/feedback";
import { timeZoneFromCookie } from "~/lib/dates";
import { isPersonalRequest, PRIVATE_PAGE_CACHE } from "~/lib/page-cache-control";
import { getSessionUserWith } from "~/modules/accounts/session.server";
import { headerUnreadCountsSql } from "~/modules/messaging/messaging.server";
import type { Route } from "./+types/root";
import { SiteHeader } from "~/components/layout/site-header";
import { refusedPage } from "~/lib/page-refusal";
import { lazyPart, lazyPartsSettled } from "~/components/ui/lazy-part";
import { useNonce } from "~/components/nonce";
import { useRootUser, type RootUser } from "~/components/layout/use-root-user";
import { AppStylesheet } from "~/components/app-stylesheet";
import appStylesheet from "./app.css?url";
import { appContext } from "~/request-context.server";
import { i18nextMiddleware, localeOf } from "~/i18n/i18next.server";
import { I18nResources } from "~/i18n/i18n-resources";
import { htmlLang } from "~/lib/locale";
import { useLocale } from "~/components/layout/use-root-user";
import { useTranslation } from "~/i18n/use-translation";

/** Detects each request's language before any loader runs (record 0058). */
export const middleware = [i18nextMiddleware];

/** Pages a user with an unfinished (Google) profile may still open. */
const PROFILE_SETUP_PATHS = new Set(["/auth/complete-profile", "/auth/sign-out"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  // the session, its user and profile and the header's unread counts: one statement (decision record 0045)
  const signedIn = await getSessionUserWith(request, context.get(appContext).runtime, headerUnreadCountsSql);
  const sessionUser = signedIn?.user ?? null;
  if (sessionUser?.profileIncomplete && !PROFILE_SETUP_PATHS.has(new URL(request.url).pathname))
    throw redirect("/auth/complete-profile");
  const unread = sessionUser?.profile ? signedIn!.extras : { unreadNotifications: 0, unreadMessages: 0 };
  const user: RootUser = sessionUser
    ? {
        id: sessionUser.id,
        name: sessionUser.profile?.fullName ?? sessionUser.name,
        email: sessionUser.email,
        isBuyer: sessionUser.profile?.isBuyer ?? true,
        isSeller: sessionUser.profile?.isSeller ?? false,
        verified: sessionUser.profile?.verificationStatus === "verified",
        isAdmin: sessionUser.isAdmin,
        unreadNotifications: unread.unreadNotifications,
        unreadMessages: unread.unreadMessages,
      }
    : null;
  const { flash, clear } = await readFlash(request);
  const headers = new Headers();
  if (clear) headers.set("Set-Cookie", clear);
  // a page for one person is never stored by a shared cache (the public pages' headers: lib/page-cache-control.ts)
  if (user || flash || clear || isPersonalRequest(request.headers.get("cookie")))
    headers.set("Cache-Control", PRIVATE_PAGE_CACHE);
  // the zone dates are shown in (app/lib/dates.ts): a signed-in viewer's own, else UTC (public pages are shared)
  const timeZone = user ? timeZoneFromCookie(request.headers.get("cookie")) : "UTC";
  const locale = localeOf(context);
  // a notice is written in English by the action that left it; the reader gets it in the page's language
  const notice = flash && { ...flash, message: feedbackIn(locale, flash.message) };
  return data({ user, flash: notice, timeZone, locale }, { headers });
}

/** Root decides for every page whether it is personal (its loader's Cache-Control); the public pages add theirs. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? new Headers({ "Cache-Control": cacheControl }) : new Headers();
};

function FlashToast() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const flash = rootData?.flash;
  useEffect(() => {
    // each notice once, by its id: a notice read by the page's JavaScript stays in its cookie (flash.server.ts) until
    // a request says the page has shown it (FLASH_SEEN_COOKIE), so a load already under way may bring it again
    if (!flash || document.cookie.includes(flash.id)) return;
    document.cookie = `${FLASH_SEEN_COOKIE}=${flash.id};path=/`;
    const show = flash.type === "error" ? toast.error : flash.type === "info" ? toast.info : toast.success;
    show(flash.message);
  }, [flash]);
  return null;
}

/**
 * Registers the service worker (built by vite.config.ts; decision record 0056) once the page has loaded: a few bytes
 * inline, so no public page pays a script request for it. A browser without service workers goes on without one.
 */
const REGISTER_SERVICE_WORKER = `if("serviceWorker"in navigator)addEventListener("load",function(){navigator.serviceWorker.register("/sw.js").catch(function(){})})`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { i18n } = useTranslation();
  return (
    <html lang={htmlLang(i18n.language === "hi" ? "hi" : "en")}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <AppStylesheet href={appStylesheet} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <meta name="theme-color" content="#2563eb" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <I18nResources />
        <Toasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* the development server has no service worker: it would keep assets Vite serves afresh */}
        {import.meta.env.PROD ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: REGISTER_SERVICE_WORKER }} />
        ) : null}
      </body>
    </html>
  );
}

/**
 * Marks the page as hydrated (`<html data-hydrated>`): from then on its JavaScript-only behaviours work. Browser
 * tests wait for it. It also waits for the parts whose code loads after the page's (lazyPart: the user menu…).
 */
function HydrationMark() {
  useEffect(() => {
    let stale = false;
    void lazyPartsSettled().then(() => {
      if (!stale) document.documentElement.dataset.hydrated = "true";
    });
    return () => {
      stale = true;
    };
  }, []);
  return null;
}

/** Signed-in pages follow the user's live events (new notifications, messages, read receipts) by re-reading. */
// the footer is the same server HTML on every page and does nothing until clicked: its code loads after the page's
const SiteFooter = lazyPart(() => import("~/components/layout/site-footer").then((m) => m.SiteFooter), undefined, {
  eager: true,
});
const LiveEvents = lazyPart(() => import("~/modules/live/use-live-events").then((m) => m.LiveEvents));

function SignedInLiveEvents() {
  const user = useRootUser();
  return user ? <LiveEvents userId={user.id} /> : null;
}

/**
 * Follows a language the server decided after the page loaded (signing in to an account that chose another one,
 * signing out): i18next loads that language's texts and the page re-renders in it.
 */
function LanguageFollower() {
  const locale = useLocale();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [i18n, locale]);
  return null;
}

export default function App() {
  return (
    <>
      <LanguageFollower />
      <HydrationMark />
      <SignedInLiveEvents />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <FlashToast />
    </>
  );
}

// the 404, refusal and error pages: their code loads only on a page that shows one
const ErrorPage = lazyPart(() => import("~/components/layout/error-page").then((m) => m.ErrorPage));

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const refused = isRouteErrorResponse(error) ? refusedPage(error.data) : null;
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1">
        <ErrorPage
          notFound={notFound}
          refused={refused}
          clientError={isRouteErrorResponse(error) && error.status < 500}
        />
      </main>
      <SiteFooter />
    </>
  );
}
