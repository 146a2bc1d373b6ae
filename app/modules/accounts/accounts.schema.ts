import { z } from "zod";
import { formValues } from "~/lib/command-result";
import { intentOptions } from "~/lib/posted-fields";
import { VERIFICATION_STATUSES } from "~/lib/status-lists";
import { isUuid } from "~/lib/uuid";
import type { Locale } from "~/lib/locale";

/** The role an account signs up with; the other can be added later (addOwnRole, decision record 0052). */
export type UserType = "buyer" | "seller";
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export type Profile = {
  id: string;
  userId: string;
  fullName: string;
  companyName: string;
  phone: string | null;
  /** buys on Setu: the buyer's dashboard, e-mails and figures (buying itself needs only an account, spec §6) */
  isBuyer: boolean;
  /** sells on Setu: stores, products, quotes, business details and verification */
  isSeller: boolean;
  verificationStatus: VerificationStatus;
  verificationNote: string | null;
  profileCompleted: boolean;
  /** the language chosen with the switch (record 0058); null: the browser's */
  preferredLanguage: Locale | null;
};

/** The signed-in user as every loader and action sees it. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isAdmin: boolean;
  /** null until the user has a completed profile: nothing that needs a profile works before then */
  profile: Profile | null;
  /** a Google sign-up that has not yet given its company name and role */
  profileIncomplete?: boolean;
};

/**
 * The acting user: signed in with a completed profile (its roles are `profile.isBuyer` and `profile.isSeller`, `isAdmin` aside). Every
 * command takes one; `requireUser` and its kin hand one out. A reader who may be signed out is a `SessionUser | null`.
 */
export type Actor = SessionUser & { profile: Profile };

/**
 * Which side of an account a page shows (the dashboard): the one asked for if the account holds it, else selling for a
 * seller and buying for a buyer.
 */
export function accountView(profile: Pick<Profile, "isBuyer" | "isSeller">, asked?: string | null): UserType {
  if (asked === "buyer" && profile.isBuyer) return "buyer";
  if (asked === "seller" && profile.isSeller) return "seller";
  return profile.isSeller ? "seller" : "buyer";
}

export const MIN_PASSWORD_LENGTH = 6;

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email").max(254),
  password: z.string().min(1, "Please enter your password").max(128),
});

export const signUpSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address")),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters long")
      .max(128, "Password is too long"),
    confirmPassword: z.string(),
    fullName: z.string().trim().min(1, "Please enter your full name").max(120),
    companyName: z.string().trim().min(1, "Please enter your company name").max(160),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+()\d\s.-]*$/, "Please enter a valid phone number")
      .optional()
      .transform((v) => v || null),
    userType: z.enum(["buyer", "seller"]).default("buyer"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export type SignUpInput = z.infer<typeof signUpSchema>;

const SIGN_UP_FIELDS = ["email", "password", "confirmPassword", "fullName", "companyName", "phone", "userType"];

/** The sign-up form's text as signUpSchema reads it: a post that chose no role is a buyer, as the form's default is. */
export function readSignUpForm(form: FormData): Record<string, string> {
  const values = formValues(form, SIGN_UP_FIELDS);
  return { ...values, userType: values.userType || "buyer" };
}

/** The sign-in page's two forms (POST /auth), each read by its own schema once the intent is known. */
export const authActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("signin") }),
    z.object({ intent: z.literal("signup") }),
    z.object({ intent: z.literal("resend-confirmation") }),
  ],
  intentOptions,
);

/**
 * The profile page's forms (POST /profile), one per intent, each read by its own schema once the intent is known
 * (the business details and the verification submission by business-details.schema).
 */
export const profileActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("profile") }),
    z.object({ intent: z.literal("password") }),
    z.object({ intent: z.literal("email-preferences") }),
    z.object({ intent: z.literal("business-details") }),
    z.object({ intent: z.literal("verification-submit") }),
    z.object({ intent: z.literal("add-role") }),
  ],
  intentOptions,
);

export const profileUpdateSchema = z.object({
  fullName: z.string().trim().min(1, "Please enter your full name").max(120),
  companyName: z.string().trim().min(1, "Please enter your company name").max(160),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+()\d\s.-]*$/, "Please enter a valid phone number")
    .optional()
    .transform((v) => v || null),
});

export const completeProfileSchema = z.object({
  companyName: z.string().trim().min(1, "Please enter your company name").max(160),
  userType: z.enum(["buyer", "seller"], "Please choose how you will use Setu"),
});

/** A signed-in account adding the role it lacks (/profile): a buyer starts selling, a seller starts buying. */
export const addRoleSchema = z.object({ role: z.enum(["buyer", "seller"], "Choose a role to add") });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Please enter your current password"),
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters long").max(128),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

/** An administrator rejecting a profile says why (the user sees the reason); a longer reason is cut at 500 characters. */
export const rejectionSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Please give a reason for the rejection")
    .transform((v) => v.slice(0, 500)),
});

/**
 * An administrator's decision on a pending profile: verified, or rejected with rejectionSchema's reason (asked for
 * only once the profile and the decision are known good). A verified profile's reason is null.
 */
export const verificationDecisionSchema = z
  .object({
    profileId: z.string().refine(isUuid, "Unknown profile"),
    decision: z.enum(["verified", "rejected"], "Choose verify or reject"),
    reason: z.string(),
  })
  .transform((v, ctx) => {
    if (v.decision === "verified") return { profileId: v.profileId, decision: v.decision, reason: null };
    const reason = rejectionSchema.shape.reason.safeParse(v.reason);
    if (reason.success) return { profileId: v.profileId, decision: v.decision, reason: reason.data };
    for (const issue of reason.error.issues) ctx.addIssue({ code: "custom", path: ["reason"], message: issue.message });
    return z.NEVER;
  });

/**
 * An administrator's decision on a verified seller's change request (/admin/verifications): approve, or reject with
 * rejectionSchema's reason.
 */
export const changeRequestDecisionSchema = z
  .object({
    requestId: z.string().refine(isUuid, "Unknown change request"),
    decision: z.enum(["verified", "rejected"], "Choose approve or reject"),
    reason: z.string(),
  })
  .transform((v, ctx) => {
    if (v.decision === "verified") return { requestId: v.requestId, decision: v.decision, reason: null };
    const reason = rejectionSchema.shape.reason.safeParse(v.reason);
    if (reason.success) return { requestId: v.requestId, decision: v.decision, reason: reason.data };
    for (const issue of reason.error.issues) ctx.addIssue({ code: "custom", path: ["reason"], message: issue.message });
    return z.NEVER;
  });

export const forgotPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address")),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().trim().min(1, "This reset link is incomplete. Please request a new one.").max(200),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters long")
      .max(128, "Password is too long"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
