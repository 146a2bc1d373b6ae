import { getSessionCookie } from "better-auth/cookies";
import { constantTimeEqual, makeSignature } from "better-auth/crypto";
import { and, eq, gt, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { data, redirect } from "react-router";
import { queryRows, type Db } from "~/db/client.server";
import { session, user as userTable } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { RefusedPage } from "~/lib/page-refusal";
import type { Auth } from "./auth.server";
import type { Actor, Profile, SessionUser } from "./accounts.schema";
import { AUTH_COOKIE_PREFIX, SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./auth.server";
import { findProfile, profileColumns, toProfile } from "./profiles.server";

/** What reading the session needs: the database, better-auth, and its secret (to check the cookie's signature). */
export type SessionDeps = { db: Db; auth: Auth; authSecret: string };

type SignedIn = { user: SessionUser; sessionId: string };

/**
 * Values read in the same statement as the session, each a scalar subquery on the session's user id (root's header
 * counts: one statement for the whole signed-in part of a page). Built by the domain that owns their tables.
 */
export type SessionExtras = Record<string, SQL<number>>;
type ExtrasOf<E extends SessionExtras> = { [K in keyof E]: number };

type Loaded = { signedIn: SignedIn | null; extras?: Record<string, number> };

// One lookup per request, shared by the root loader and the route's own loader.
const cache = new WeakMap<Request, Promise<Loaded>>();

function load(request: Request, runtime: SessionDeps, extras?: (userId: SQLWrapper) => SessionExtras): Promise<Loaded> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadSessionUser(request, runtime, extras);
    cache.set(request, pending);
  }
  return pending;
}

async function signedIn(request: Request, runtime: SessionDeps): Promise<SignedIn | null> {
  return (await load(request, runtime)).signedIn;
}

/**
 * The signed-in user and `extras` read for them, or null. The first lookup of a request reads them in the same
 * statement as the session; after another lookup (or on a session's daily refresh) they are one statement more.
 */
export async function getSessionUserWith<E extends SessionExtras>(
  request: Request,
  runtime: SessionDeps,
  extras: (userId: SQLWrapper) => E,
): Promise<{ user: SessionUser; extras: ExtrasOf<E> } | null> {
  const loaded = await load(request, runtime, extras);
  if (!loaded.signedIn) return null;
  const { user } = loaded.signedIn;
  if (loaded.extras) return { user, extras: loaded.extras as ExtrasOf<E> };
  const fields = Object.entries(extras(sql`${user.id}`)).map(
    ([name, value]) => sql`${value} as ${sql.identifier(name)}`,
  );
  const [row] = await queryRows<ExtrasOf<E>>(runtime.db, sql`select ${sql.join(fields, sql`, `)}`);
  return { user, extras: row! };
}

/** The signed-in user (with profile) for this request, or null. Sessions live in the database (better-auth). */
export async function getSessionUser(request: Request, runtime: SessionDeps): Promise<SessionUser | null> {
  return (await signedIn(request, runtime))?.user ?? null;
}

/**
 * The signed-in user and the id of their sign-in session (server-side only: an event stream remembers which
 * session opened it, to close with it).
 */
export function getSignedInSession(request: Request, runtime: SessionDeps): Promise<SignedIn | null> {
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

/**
 * The session token from the request's session cookie when its signature is right (better-auth signs the cookie
 * `token.signature`, an HMAC-SHA-256 of the token with the auth secret), or null: read and checked with
 * better-auth's own public helpers.
 */
export async function verifiedSessionToken(headers: Headers, secret: string): Promise<string | null> {
  const signed = getSessionCookie(headers, { cookiePrefix: AUTH_COOKIE_PREFIX });
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  return constantTimeEqual(signed.slice(dot + 1), await makeSignature(token, secret)) ? token : null;
}

/**
 * The session behind a token with its user and profile, in one statement; null when there is none or it has
 * expired. Exact: a session signed out or revoked anywhere is gone from the next request on.
 */
async function findSignedIn(db: Db, token: string, extras?: SessionExtras) {
  const [row] = await db
    .select({
      ...extras,
      sessionId: session.id,
      expiresAt: session.expiresAt,
      user: {
        id: userTable.id,
        email: userTable.email,
        name: userTable.name,
        emailVerified: userTable.emailVerified,
        role: userTable.role,
      },
      profile: profileColumns,
    })
    .from(session)
    .innerJoin(userTable, eq(userTable.id, session.userId))
    .leftJoin(profiles, eq(profiles.userId, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

/** Whether better-auth would extend this session now (once its `updateAge` has passed since it last did). */
function dueForRefresh(expiresAt: Date, now = Date.now()): boolean {
  return expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
}

function toSessionUser(
  found: { id: string; email: string; name: string; emailVerified: boolean; role?: string | null },
  profile: Profile | null,
): SessionUser {
  const profileIncomplete = profile !== null && !profile.profileCompleted;
  return {
    id: found.id,
    email: found.email,
    name: found.name,
    emailVerified: found.emailVerified,
    isAdmin: found.role === "admin",
    // An incomplete (Google) profile counts as none, so every role check refuses it until completed.
    profile: profileIncomplete ? null : profile,
    profileIncomplete,
  };
}

/**
 * Page loads read the session ourselves: the signed cookie checked with better-auth's helpers, then session, user
 * and profile in one statement (decision record 0045). Once a day per session, when better-auth would extend it,
 * better-auth's getSession reads it instead and does so.
 */
async function loadSessionUser(
  request: Request,
  runtime: SessionDeps,
  extras?: (userId: SQLWrapper) => SessionExtras,
): Promise<Loaded> {
  const token = await verifiedSessionToken(request.headers, runtime.authSecret);
  if (!token) return { signedIn: null };
  const extraFields = extras?.(session.userId);
  const found = await findSignedIn(runtime.db, token, extraFields);
  if (!found) return { signedIn: null };
  if (!dueForRefresh(found.expiresAt))
    return {
      signedIn: {
        user: toSessionUser(found.user, found.profile ? toProfile(found.profile) : null),
        sessionId: found.sessionId,
      },
      extras: extraFields
        ? Object.fromEntries(
            Object.keys(extraFields).map((name) => [name, Number((found as Record<string, unknown>)[name])]),
          )
        : undefined,
    };
  return { signedIn: await refreshedSession(request, runtime) };
}

/** better-auth's getSession, which extends the session (once a day) as it reads it. */
async function refreshedSession(request: Request, runtime: SessionDeps): Promise<SignedIn | null> {
  const result = await runtime.auth.api
    .getSession({ headers: request.headers, query: { disableCookieCache: true } })
    .catch(() => null);
  if (!result) return null;
  return {
    user: toSessionUser(result.user, await findProfile(runtime.db, result.user.id)),
    sessionId: result.session.id,
  };
}

/** For actions: a signed-in user with a profile, or a 401 with the given message. */
export async function requireUser(
  request: Request,
  runtime: SessionDeps,
  message = "User not authenticated",
): Promise<Actor> {
  const user = await getSessionUser(request, runtime);
  if (!user || !user.profile) throw data({ error: message }, { status: 401 });
  return user as Actor;
}

/** For pages: a signed-in user, or a redirect to /auth that comes back here afterwards. */
export async function requireUserPage(request: Request, runtime: SessionDeps): Promise<Actor> {
  const user = await getSessionUser(request, runtime);
  if (!user || !user.profile) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user as Actor;
}

/** Sellers only (a profile with the seller role); anyone else gets a 403 with a clear message. */
export async function requireSeller(request: Request, runtime: SessionDeps): Promise<Actor> {
  const user = await requireUser(request, runtime);
  if (!user.profile.isSeller) throw data({ error: "Only seller accounts can do this" }, { status: 403 });
  return user;
}

/**
 * Seller pages (spec §6): the seller, or the page's own words thrown for the root error boundary —
 * a visitor is asked to sign in (401), anyone else is told the page is for sellers (403).
 */
export async function requireSellerPage(
  request: Request,
  runtime: SessionDeps,
  refused: { signedOut: RefusedPage; notSeller: RefusedPage },
): Promise<Actor> {
  const user = await getSessionUser(request, runtime);
  if (!user?.profile) throw data(refused.signedOut, { status: 401 });
  if (!user.profile.isSeller) throw data(refused.notSeller, { status: 403 });
  return user as Actor;
}

/** Administrators only; to everyone else the page does not exist (404). */
export async function requireAdmin(request: Request, runtime: SessionDeps): Promise<SessionUser> {
  const user = await getSessionUser(request, runtime);
  if (!user?.isAdmin) throw data(null, { status: 404 });
  return user;
}

export function isSeller(user: SessionUser | null): user is Actor {
  return user?.profile?.isSeller === true;
}
