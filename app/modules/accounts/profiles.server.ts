import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema/profiles";
import type { Profile, VerificationStatus } from "./accounts.schema";

const profileColumns = {
  id: profiles.id,
  userId: profiles.userId,
  fullName: profiles.fullName,
  companyName: profiles.companyName,
  phone: profiles.phone,
  isBuyer: profiles.isBuyer,
  isSeller: profiles.isSeller,
  verificationStatus: profiles.verificationStatus,
  verificationNote: profiles.verificationNote,
  profileCompleted: profiles.profileCompleted,
};

export async function findProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ? toProfile(row) : null;
}

export function toProfile(row: { verificationStatus: string } & Omit<Profile, "verificationStatus">): Profile {
  return {
    ...row,
    verificationStatus: row.verificationStatus as VerificationStatus,
  };
}

export { profileColumns };
