import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user as userTable } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { Runtime } from "~/runtime.server";
import { changePasswordSchema, completeProfileSchema, fieldErrors, profileUpdateSchema, type SessionUser } from "./accounts.schema";
import { isCommonPassword } from "./common-passwords.server";
import { MESSAGES } from "./credentials.server";

export type CommandResult = { ok: true; message: string; headers?: Headers } | { ok: false; message: string; fieldErrors: Record<string, string> };

function values(form: FormData, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, typeof form.get(k) === "string" ? (form.get(k) as string) : ""]));
}

/** Edits the acting user's own profile (full name, company, phone). */
export async function updateOwnProfile(db: Db, actor: SessionUser, form: FormData): Promise<CommandResult> {
  const parsed = profileUpdateSchema.safeParse(values(form, ["fullName", "companyName", "phone"]));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, message: Object.values(errors)[0]!, fieldErrors: errors };
  }
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ ...parsed.data, updatedAt: new Date() }).where(eq(profiles.userId, actor.id));
    await tx.update(userTable).set({ name: parsed.data.fullName, updatedAt: new Date() }).where(eq(userTable.id, actor.id));
  });
  return { ok: true, message: "Profile updated successfully!" };
}

/** A Google sign-up confirms company name and role before continuing. */
export async function completeOwnProfile(db: Db, actor: SessionUser, form: FormData): Promise<CommandResult> {
  const parsed = completeProfileSchema.safeParse(values(form, ["companyName", "userType"]));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, message: Object.values(errors)[0]!, fieldErrors: errors };
  }
  await db
    .update(profiles)
    .set({ companyName: parsed.data.companyName, userType: parsed.data.userType, profileCompleted: true, updatedAt: new Date() })
    .where(and(eq(profiles.userId, actor.id), eq(profiles.profileCompleted, false)));
  return { ok: true, message: "Profile completed. Welcome to Setu!" };
}

/** Changes the password through better-auth and ends the user's other sessions. */
export async function changeOwnPassword(runtime: Runtime, headers: Headers, form: FormData): Promise<CommandResult> {
  const parsed = changePasswordSchema.safeParse(values(form, ["currentPassword", "newPassword", "confirmPassword"]));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, message: Object.values(errors)[0]!, fieldErrors: errors };
  }
  if (isCommonPassword(parsed.data.newPassword)) {
    return { ok: false, message: MESSAGES.commonPassword, fieldErrors: { newPassword: MESSAGES.commonPassword } };
  }
  try {
    const result = await runtime.auth.api.changePassword({
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { ok: true, message: "Password changed. Your other sessions have been signed out.", headers: result.headers };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      const message = code === "INVALID_PASSWORD" ? "Current password is incorrect" : error.message || MESSAGES.unexpected;
      return { ok: false, message, fieldErrors: code === "INVALID_PASSWORD" ? { currentPassword: message } : {} };
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
