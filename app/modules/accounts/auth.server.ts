import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account, session, user, verification } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import { logger } from "~/logger.server";
import { overActionLimit } from "./attempt-limiter.server";

export const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

/**
 * Whether a new account confirms its e-mail before signing in: on unless AUTH_REQUIRE_EMAIL_VERIFICATION=false, as
 * every configuration delivers mail (SMTP_URL, or the outbox folder in development, whose links are logged).
 */
export function emailVerificationRequired(env: { AUTH_REQUIRE_EMAIL_VERIFICATION?: string }): boolean {
  return env.AUTH_REQUIRE_EMAIL_VERIFICATION?.trim().toLowerCase() !== "false";
}

export type AuthConfig = {
  db: Db;
  secret: string;
  baseURL: string;
  requireEmailVerification: boolean;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  secureCookies: boolean;
  /**
   * Queue the e-mails better-auth asks for (through the job queue, so a slow or absent SMTP server never fails
   * the request that asked): the password reset with its single-use token, the address confirmation with its link.
   */
  sendPasswordReset: (message: { to: string; name: string; token: string; userId: string }) => Promise<void>;
  sendEmailConfirmation: (message: { to: string; name: string; url: string; userId: string }) => Promise<void>;
};

/** The prefix of our auth cookies (`setu.session_token`; `__Secure-setu.…` on https). */
export const AUTH_COOKIE_PREFIX = "setu";
/** A session lasts 30 days from its last extension; better-auth extends it at most once a day. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

export function createAuth(config: AuthConfig) {
  const { db } = config;
  return betterAuth({
    appName: "Setu",
    baseURL: config.baseURL,
    basePath: "/api/auth",
    secret: config.secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      sendResetPassword: async ({ user: recipient, token }) => {
        await config.sendPasswordReset({ to: recipient.email, name: recipient.name, token, userId: recipient.id });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user: recipient, url }) => {
        await config.sendEmailConfirmation({ to: recipient.email, name: recipient.name, url, userId: recipient.id });
      },
    },
    user: {
      additionalFields: { role: { type: "string", input: false, defaultValue: "user" } },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    // one limiter, ours (attempt-limiter.server.ts): our forms call auth.api, which better-auth never limits, and
    // handleAuthRequest limits the two endpoints open over HTTP (decision record 0045)
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // server/app.ts sets this from Express's req.ip, which honours TRUST_PROXY's hop count
      ipAddress: { ipAddressHeaders: ["x-setu-client-ip"] },
    },
    trustedOrigins: [config.baseURL],
    databaseHooks: {
      user: {
        create: {
          // Users created by Google sign-in get a buyer profile that they complete before continuing.
          // (E-mail sign-ups create user and profile together in one transaction, see sign-up.server.ts.)
          after: async (created) => {
            const existing = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, created.id));
            if (existing.length > 0) return;
            await db
              .insert(profiles)
              .values({
                userId: created.id,
                fullName: created.name || created.email,
                companyName: "",
                isBuyer: true,
                isSeller: false,
                profileCompleted: false,
              })
              .onConflictDoNothing();
          },
        },
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: "google",
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    logger: {
      log: (level, message, ...args) => {
        const method = level === "error" ? "error" : level === "warn" ? "warn" : "debug";
        logger[method]({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The only better-auth endpoints reachable over HTTP: the e-mail confirmation link and Google's
 * callback. Sign-up, sign-in, password changes and the rest go through our own forms, which add
 * the profile, the common-password check and the attempt limits; better-auth's direct endpoints
 * would skip all three.
 */
const PUBLIC_AUTH_PATHS = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/callback\/[a-z0-9-]+$/];

export async function handleAuthRequest(auth: Auth, db: Db, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method !== "GET" || !PUBLIC_AUTH_PATHS.some((allowed) => allowed.test(pathname))) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  const limited = await overActionLimit(db, "authLink", request.headers.get("x-setu-client-ip") || null);
  if (limited)
    return new Response(limited, { status: 429, headers: { "Content-Type": "text/plain", "Retry-After": "60" } });
  return auth.handler(request);
}
