import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { userBlocks } from "~/db/schema/messaging";
import { companyNameOf, findProfile, fullNameOf } from "~/modules/accounts/profiles.server";

/**
 * Blocks beyond the conversation they were made in (issue 38): whether one user blocked another, for the domains
 * a block also closes (a buyer's block refuses the blocked supplier's quotes on that buyer's RFQs), and the list a
 * user sees and lifts blocks from (/messages). Blocking itself happens in a conversation (messaging.server.ts).
 */

/** Whether `blockerId` has blocked `blockedId` (one direction only). */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return Boolean(row);
}

export type BlockedUser = { userId: string; companyName: string; fullName: string; blockedAt: string };

/** The users the actor blocked, newest block first, with the company they are known by. */
export async function listBlockedUsers(db: Db, actor: { id: string }): Promise<BlockedUser[]> {
  const rows = await db
    .select({
      userId: userBlocks.blockedId,
      companyName: companyNameOf(userBlocks.blockedId),
      fullName: fullNameOf(userBlocks.blockedId),
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, actor.id))
    .orderBy(desc(userBlocks.createdAt), userBlocks.blockedId);
  return rows.map((row) => ({
    userId: row.userId,
    companyName: row.companyName || "Former member",
    fullName: row.fullName ?? "",
    blockedAt: row.blockedAt.toISOString(),
  }));
}

export type UnblockResult = { ok: true; message: string } | { ok: false; status: number; message: string };

/** Lifts the actor's block of a user, as the list names them; a user the actor has not blocked is 404. */
export async function liftBlock(db: Db, actor: { id: string }, blockedId: string): Promise<UnblockResult> {
  const [lifted] = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, actor.id), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockedId: userBlocks.blockedId });
  if (!lifted) return { ok: false, status: 404, message: "You have not blocked this user" };
  const profile = await findProfile(db, blockedId);
  return { ok: true, message: `${profile?.companyName || "User"} unblocked` };
}
