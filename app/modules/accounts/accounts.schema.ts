import { z } from "zod";

export type UserType = "buyer" | "seller";
export type VerificationStatus = "pending" | "verified" | "rejected";

export type Profile = {
  id: string;
  userId: string;
  fullName: string;
  companyName: string;
  phone: string | null;
  userType: UserType;
  verificationStatus: VerificationStatus;
  verificationNote: string | null;
  profileCompleted: boolean;
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


export const MIN_PASSWORD_LENGTH = 6;

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email").max(254),
  password: z.string().min(1, "Please enter your password").max(128),
});

export const signUpSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address")),
    password: z.string().min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters long").max(128, "Password is too long"),
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

/** First message per field, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

export const forgotPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address")),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().trim().min(1, "This reset link is incomplete. Please request a new one.").max(200),
    password: z.string().min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters long").max(128, "Password is too long"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
