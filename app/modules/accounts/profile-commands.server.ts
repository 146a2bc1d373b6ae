import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user as userTable } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { Auth } from "./auth.server";
import type { z } from "zod";
import type { CommandResult } from "~/lib/command-result";
import type { changePasswordSchema, completeProfileSchema, profileUpdateSchema, SessionUser } from "./accounts.schema";
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
      userType: input.userType,
      profileCompleted: true,
      updatedAt: new Date(),
    })
    .where(and(eq(profiles.userId, actor.id), eq(profiles.profileCompleted, false)));
  return { ok: true, message: "Profile completed. Welcome to Setu!", value: undefined };
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
