import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { session, user as userTable } from "~/db/schema/auth";
import { notifications } from "~/db/schema/notifications";
import { profiles } from "~/db/schema/profiles";
import { headerUnreadCountsSql } from "~/modules/messaging/messaging.server";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { createAuth, SESSION_EXPIRES_IN_SECONDS } from "./auth.server";
import {
  getSessionUser,
  getSessionUserWith,
  getSignedInSession,
  verifiedSessionToken,
  type SessionDeps,
} from "./session.server";

/** A second Drizzle client on the same connection that counts the statements it sends. */
function countingDb(database: TestDatabase): { db: Db; count: () => number; reset: () => void } {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  const client = (database.db as unknown as { $client: never }).$client;
  const db = (database.engine === "pglite"
    ? drizzlePglite(client, { casing: "snake_case", logger })
    : drizzlePostgres(client, { casing: "snake_case", logger })) as unknown as Db;
  return { db, count: () => statements, reset: () => void (statements = 0) };
}

const page = (cookie: string) => new Request("http://127.0.0.1/", { headers: { cookie } });

describe.each(testEngines())("reading the session on a page load, on %s", (engine) => {
  let database: TestDatabase;
  let counting: ReturnType<typeof countingDb>;
  let runtime: SessionDeps;
  const secret = crypto.randomBytes(32).toString("hex");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    counting = countingDb(database);
    const auth = createAuth({
      db: database.db,
      secret,
      baseURL: "http://127.0.0.1",
      requireEmailVerification: false,
      secureCookies: false,
      sendPasswordReset: async () => {},
      sendEmailConfirmation: async () => {},
    });
    runtime = { db: counting.db, auth, authSecret: secret };
  });
  afterAll(() => database.drop());

  /** Signs up through better-auth (as our sign-up form does) and gives the session cookie it set. */
  async function signedUp(): Promise<{ cookie: string; userId: string }> {
    const email = `session-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { headers, response } = await runtime.auth.api.signUpEmail({
      body: { email, password: "Wholesale-Route-42", name: "Dana Whitfield" },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((header) => header.split(";")[0]!)
      .find((pair) => pair.startsWith("setu.session_token="))!;
    // better-auth's create hook gave the user an unfinished profile (as for Google): finish it, as sign-up does
    await database.db
      .update(profiles)
      .set({ companyName: "Test Buyer LLC", isBuyer: true, isSeller: false, profileCompleted: true })
      .where(eq(profiles.userId, response.user.id));
    return { cookie, userId: response.user.id };
  }

  it("reads session, user, profile and the header's unread counts in one statement", async () => {
    const { cookie, userId } = await signedUp();
    await database.db
      .insert(notifications)
      .values({ userId, kind: "quote_received", title: "A quote", body: "A supplier quoted", href: "/rfqs" });
    counting.reset();
    const signedIn = await getSessionUserWith(page(cookie), runtime, headerUnreadCountsSql);
    expect(counting.count()).toBe(1);
    expect(signedIn?.user).toMatchObject({ id: userId, name: "Dana Whitfield", isAdmin: false, emailVerified: false });
    expect(signedIn?.user.profile).toMatchObject({
      userId,
      isBuyer: true,
      isSeller: false,
      companyName: "Test Buyer LLC",
    });
    expect(signedIn?.extras).toEqual({ unreadNotifications: 1, unreadMessages: 0 });
  });

  it("shares one read between the loaders of a request, and still gives the counts to one that asks later", async () => {
    const { cookie, userId } = await signedUp();
    const request = page(cookie);
    counting.reset();
    const [first, again] = await Promise.all([getSessionUser(request, runtime), getSignedInSession(request, runtime)]);
    expect(first?.id).toBe(userId);
    expect(again?.user).toBe(first);
    expect(counting.count()).toBe(1);
    const later = await getSessionUserWith(request, runtime, headerUnreadCountsSql);
    expect(later?.extras).toEqual({ unreadNotifications: 0, unreadMessages: 0 });
    expect(counting.count()).toBe(2);
  });

  it("is anonymous without a cookie, or with a token whose signature is not ours", async () => {
    const { cookie } = await signedUp();
    const token = cookie.slice("setu.session_token=".length).split(".")[0]!;
    const forged = `setu.session_token=${token}.${Buffer.alloc(32).toString("base64")}`;
    counting.reset();
    expect(await getSessionUser(new Request("http://127.0.0.1/"), runtime)).toBeNull();
    expect(await getSessionUser(page(forged), runtime)).toBeNull();
    expect(await getSessionUser(page(`setu.session_token=${token}`), runtime)).toBeNull();
    // refused before the database is asked
    expect(counting.count()).toBe(0);
    expect(await verifiedSessionToken(new Headers({ cookie }), secret)).toBe(token);
    expect(await verifiedSessionToken(new Headers({ cookie }), "another-secret")).toBeNull();
  });

  it("ends a session signed out or revoked elsewhere with the very next request (no cache, well within the minute)", async () => {
    const laptop = await signedUp();
    expect((await getSessionUser(page(laptop.cookie), runtime))?.id).toBe(laptop.userId);
    await runtime.auth.api.signOut({ headers: new Headers({ cookie: laptop.cookie }) });
    expect(await getSessionUser(page(laptop.cookie), runtime)).toBeNull();

    const phone = await signedUp();
    expect((await getSessionUser(page(phone.cookie), runtime))?.id).toBe(phone.userId);
    // revoked from another device (what a password change or reset does to the other sessions)
    await runtime.auth.api.revokeSessions({ headers: new Headers({ cookie: await signedInAgain(phone.userId) }) });
    expect(await getSessionUser(page(phone.cookie), runtime)).toBeNull();
  });

  it("is anonymous once the session has expired", async () => {
    const { cookie, userId } = await signedUp();
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, userId));
    expect(await getSessionUser(page(cookie), runtime)).toBeNull();
  });

  it("lets better-auth extend a session once a day, as its own getSession does", async () => {
    const { cookie, userId } = await signedUp();
    const dayAndAHalfOld = new Date(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - 36 * 3600 * 1000);
    await database.db.update(session).set({ expiresAt: dayAndAHalfOld }).where(eq(session.userId, userId));
    const signedIn = await getSessionUserWith(page(cookie), runtime, headerUnreadCountsSql);
    expect(signedIn?.user.id).toBe(userId);
    expect(signedIn?.user.profile).toMatchObject({ isBuyer: true, isSeller: false });
    expect(signedIn?.extras).toEqual({ unreadNotifications: 0, unreadMessages: 0 });
    const [row] = await database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.userId, userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - 60_000);
  });

  /** Another session of the same user, as when they sign in on a second device; gives its cookie. */
  async function signedInAgain(userId: string): Promise<string> {
    const [owner] = await database.db
      .select({ email: userTable.email })
      .from(userTable)
      .where(eq(userTable.id, userId));
    const { headers } = await runtime.auth.api.signInEmail({
      body: { email: owner!.email, password: "Wholesale-Route-42" },
      returnHeaders: true,
    });
    return headers
      .getSetCookie()
      .map((header) => header.split(";")[0]!)
      .find((pair) => pair.startsWith("setu.session_token="))!;
  }
});
