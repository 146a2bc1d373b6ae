import crypto from "node:crypto";
import type { Db } from "~/db/client.server";
import { account, user } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { Actor } from "~/modules/accounts/accounts.schema";

export type UserRow = typeof user.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type UserType = "buyer" | "seller";
export type VerificationStatus = "pending" | "verified" | "rejected";

let userSequence = 0;

export type UserOverrides = { email?: string; name?: string; createdAt?: Date };

/** A better-auth user with a verified e-mail; no password (give it one through the auth API if a test signs in). */
export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<UserRow> {
  userSequence += 1;
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: overrides.name ?? `Test User ${userSequence}`,
      email: overrides.email ?? `user-${id.slice(0, 8)}@example.test`,
      emailVerified: true,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning();
  return row!; // an INSERT … RETURNING of one row returns one row
}

export type ProfileOverrides = {
  userId: string;
  /** the role the account signed up with */
  userType: UserType;
  /** true: the account has since added the other role (decision record 0052) */
  alsoOtherRole?: boolean;
  companyName?: string;
  fullName?: string;
  phone?: string | null;
  verificationStatus?: VerificationStatus;
  createdAt?: Date;
};

export async function createProfile(db: Db, overrides: ProfileOverrides): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({
      userId: overrides.userId,
      isBuyer: overrides.userType === "buyer" || overrides.alsoOtherRole === true,
      isSeller: overrides.userType === "seller" || overrides.alsoOtherRole === true,
      fullName: overrides.fullName ?? "Test Person",
      companyName:
        overrides.companyName ?? (overrides.userType === "seller" ? "Test Supplier Pvt. Ltd." : "Test Buyer LLC"),
      phone: overrides.phone ?? null,
      verificationStatus: overrides.verificationStatus ?? "pending",
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning();
  return row!; // an INSERT … RETURNING of one row returns one row
}

export type AccountOverrides = {
  /** true: the account also holds the other role (a buyer that sells too, or the reverse) */
  alsoOtherRole?: boolean;
  email?: string;
  fullName?: string;
  companyName?: string;
  phone?: string | null;
  verificationStatus?: VerificationStatus;
  createdAt?: Date;
};

export type Account = { user: UserRow; profile: ProfileRow };

async function createAccount(db: Db, userType: UserType, overrides: AccountOverrides): Promise<Account> {
  const created = await createUser(db, {
    email: overrides.email,
    name: overrides.fullName,
    createdAt: overrides.createdAt,
  });
  const profile = await createProfile(db, {
    userId: created.id,
    userType,
    alsoOtherRole: overrides.alsoOtherRole,
    fullName: overrides.fullName ?? created.name,
    companyName: overrides.companyName,
    phone: overrides.phone,
    verificationStatus: overrides.verificationStatus ?? "verified",
    createdAt: overrides.createdAt,
  });
  return { user: created, profile };
}

/** A user with a seller profile, verified unless told otherwise. Use `user.id` as the seller id. */
export function createSeller(db: Db, overrides: AccountOverrides = {}): Promise<Account> {
  return createAccount(db, "seller", overrides);
}

/** A user with a buyer profile, verified unless told otherwise. Use `user.id` as the buyer id. */
export function createBuyer(db: Db, overrides: AccountOverrides = {}): Promise<Account> {
  return createAccount(db, "buyer", overrides);
}

/** Gives a user an e-mail + password login (a better-auth credential account) from an already hashed password. */
export async function addPasswordLogin(db: Db, userId: string, passwordHash: string) {
  await db
    .insert(account)
    .values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: passwordHash });
}

/** The signed-in actor that domain commands take, for an account made by these factories. */
export function actorOf(account: Account): Actor {
  const p = account.profile;
  return {
    id: account.user.id,
    email: account.user.email,
    name: account.user.name,
    emailVerified: true,
    isAdmin: false,
    profile: { ...p, verificationStatus: p.verificationStatus },
  };
}
