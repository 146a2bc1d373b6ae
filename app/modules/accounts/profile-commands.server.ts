import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user as userTable } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { Auth } from "./auth.server";
import type { z } from "zod";
import type { CommandResult } from "~/lib/command-result";
import type { Locale } from "~/lib/locale";
import type {
  Actor,
  addRoleSchema,
  changePasswordSchema,
  completeProfileSchema,
  profileUpdateSchema,
  SessionUser,
} from "./accounts.schema";
import { isCommonPassword } from "./common-passwords.server";
import { MESSAGES } from "./credentials.server";

type AuthDeps = { auth: Auth };

/** Edits the acting user's own profile (full name, company, phone), as profileUpdateSchema read them. */
export async function updateOwnProfile(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof profileUpdateSchema>,
): Promise<CommandResult> {
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(profiles.userId, actor.id));
    await tx.update(userTable).set({ name: input.fullName, updatedAt: new Date() }).where(eq(userTable.id, actor.id));
  });
  return { ok: true, message: "Profile updated successfully!", value: undefined };
}

/** Stores the acting user's language (the switch in the header and on /profile): their pages and e-mails use it. */
export async function setOwnLanguage(db: Db, actor: SessionUser, locale: Locale): Promise<void> {
  await db
    .update(profiles)
    .set({ preferredLanguage: locale, updatedAt: new Date() })
    .where(eq(profiles.userId, actor.id));
}

/** A Google sign-up confirms company name and role (completeProfileSchema's reading) before continuing. */
export async function completeOwnProfile(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof completeProfileSchema>,
): Promise<CommandResult> {
  await db
    .update(profiles)
    .set({
      companyName: input.companyName,
      isBuyer: input.userType === "buyer",
      isSeller: input.userType === "seller",
      profileCompleted: true,
      updatedAt: new Date(),
    })
    .where(and(eq(profiles.userId, actor.id), eq(profiles.profileCompleted, false)));
  return { ok: true, message: "Profile completed. Welcome to Setu!", value: undefined };
}

export const ROLE_MESSAGES = {
  seller: "You can now sell on Setu: create your store, then add your products.",
  buyer: "You can now buy on Setu: browse the marketplace or post an RFQ.",
  already: { seller: "Your account already sells on Setu", buyer: "Your account already buys on Setu" },
};

/**
 * Adds the role the acting user's account lacks (decision record 0052): a buyer starts selling, or a seller buying,
 * on the same account, signed in as before. Roles are only ever added here, never removed. A buyer who starts selling
 * is verified again, as a supplier, from evidence (record 0032): a buyer's verification vouches for no supplier.
 */
export async function addOwnRole(db: Db, actor: Actor, input: z.output<typeof addRoleSchema>): Promise<CommandResult> {
  const has = input.role === "seller" ? actor.profile.isSeller : actor.profile.isBuyer;
  if (has) return { ok: false, status: 409, message: ROLE_MESSAGES.already[input.role], fieldErrors: {} };
  await db
    .update(profiles)
    .set({
      ...(input.role === "seller"
        ? { isSeller: true, verificationStatus: "pending" as const, verificationNote: null }
        : { isBuyer: true }),
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, actor.id));
  return { ok: true, message: ROLE_MESSAGES[input.role], value: undefined };
}

/**
 * Changes the password (changePasswordSchema's reading of the form) through better-auth and ends the user's other
 * sessions; its value is the headers that renew the session cookie.
 */
export async function changeOwnPassword(
  runtime: AuthDeps,
  headers: Headers,
  input: z.output<typeof changePasswordSchema>,
): Promise<CommandResult<Headers>> {
  if (isCommonPassword(input.newPassword)) {
    return {
      ok: false,
      status: 400,
      message: MESSAGES.commonPassword,
      fieldErrors: { newPassword: MESSAGES.commonPassword },
    };
  }
  try {
    const result = await runtime.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    return {
      ok: true,
      message: "Password changed. Your other sessions have been signed out.",
      value: result.headers,
    };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      const message =
        code === "INVALID_PASSWORD" ? "Current password is incorrect" : error.message || MESSAGES.unexpected;
      return {
        ok: false,
        status: 400,
        message,
        fieldErrors: code === "INVALID_PASSWORD" ? { currentPassword: message } : {},
      };
    }
    throw error;
  }
}

/** Grants the administrator role to an existing user (used by `npm run admin:create`). */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .update(userTable)
    .set({ role: "admin", updatedAt: new Date() })
    .where(eq(userTable.email, email.trim().toLowerCase()))
    .returning({ id: userTable.id });
  return rows.length > 0;
}
