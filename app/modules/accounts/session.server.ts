import { and, gt, inArray, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { session } from "~/db/schema/auth";
import type { RefusedPage } from "~/lib/page-refusal";
import type { Runtime } from "~/runtime.server";
import type { Actor, SessionUser } from "./accounts.schema";
import { findProfile } from "./profiles.server";

type SignedIn = { user: SessionUser; sessionId: string };

// One lookup per request, shared by the root loader and the route's own loader.
const cache = new WeakMap<Request, Promise<SignedIn | null>>();

function signedIn(request: Request, runtime: Runtime): Promise<SignedIn | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadSessionUser(request, runtime);
    cache.set(request, pending);
  }
  return pending;
}

/** The signed-in user (with profile) for this request, or null. Sessions live in the database (better-auth). */
export async function getSessionUser(request: Request, runtime: Runtime): Promise<SessionUser | null> {
  return (await signedIn(request, runtime))?.user ?? null;
}

/**
 * The signed-in user and the id of their sign-in session (server-side only: an event stream remembers which
 * session opened it, to close with it).
 */
export function getSignedInSession(request: Request, runtime: Runtime): Promise<SignedIn | null> {
  return signedIn(request, runtime);
}

/** Which of these sign-in sessions still exist and have not expired: one statement per thousand ids. */
export async function activeSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  const active = new Set<string>();
  for (let i = 0; i < sessionIds.length; i += 1000) {
    const rows = await db
      .select({ id: session.id })
      .from(session)
      .where(and(inArray(session.id, sessionIds.slice(i, i + 1000)), gt(session.expiresAt, sql`now()`)));
    for (const row of rows) active.add(row.id);
  }
  return active;
}

async function loadSessionUser(request: Request, runtime: Runtime): Promise<SignedIn | null> {
  if (!/setu\.session_token=/.test(request.headers.get("cookie") ?? "")) return null;
  const result = await runtime.auth.api
    .getSession({ headers: request.headers, query: { disableCookieCache: true } })
    .catch(() => null);
  if (!result) return null;
  const profile = await findProfile(runtime.db, result.user.id);
  const profileIncomplete = profile !== null && !profile.profileCompleted;
  const user: SessionUser = {
    id: result.user.id,
    email: result.user.email,
    name: result.user.name,
    emailVerified: result.user.emailVerified,
    isAdmin: (result.user as { role?: string }).role === "admin",
    // An incomplete (Google) profile counts as none, so every role check refuses it until completed.
    profile: profileIncomplete ? null : profile,
    profileIncomplete,
  };
  return { user, sessionId: result.session.id };
}

/** For actions: a signed-in user with a profile, or a 401 with the given message. */
export async function requireUser(
  request: Request,
  runtime: Runtime,
  message = "User not authenticated",
): Promise<Actor> {
  const user = await getSessionUser(request, runtime);
  if (!user || !user.profile) throw data({ error: message }, { status: 401 });
  return user as Actor;
}

/** For pages: a signed-in user, or a redirect to /auth that comes back here afterwards. */
export async function requireUserPage(request: Request, runtime: Runtime): Promise<Actor> {
  const user = await getSessionUser(request, runtime);
  if (!user || !user.profile) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user as Actor;
}

/** Sellers only (profile user_type 'seller'); anyone else gets a 403 with a clear message. */
export async function requireSeller(request: Request, runtime: Runtime): Promise<Actor> {
  const user = await requireUser(request, runtime);
  if (user.profile.userType !== "seller") throw data({ error: "Only seller accounts can do this" }, { status: 403 });
  return user;
}

/**
 * Seller pages (spec §6): the seller, or the page's own words thrown for the root error boundary —
 * a visitor is asked to sign in (401), anyone else is told the page is for sellers (403).
 */
export async function requireSellerPage(
  request: Request,
  runtime: Runtime,
  refused: { signedOut: RefusedPage; notSeller: RefusedPage },
): Promise<Actor> {
  const user = await getSessionUser(request, runtime);
  if (!user?.profile) throw data(refused.signedOut, { status: 401 });
  if (user.profile.userType !== "seller") throw data(refused.notSeller, { status: 403 });
  return user as Actor;
}

/** Administrators only; to everyone else the page does not exist (404). */
export async function requireAdmin(request: Request, runtime: Runtime): Promise<SessionUser> {
  const user = await getSessionUser(request, runtime);
  if (!user?.isAdmin) throw data(null, { status: 404 });
  return user;
}

export function isSeller(user: SessionUser | null): user is Actor {
  return user?.profile?.userType === "seller";
}
