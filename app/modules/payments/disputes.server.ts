import { firstErrors } from "~/lib/command-result";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { orderParty } from "~/modules/orders/order-party.server";
import { mayMoveOrder } from "~/modules/orders/orders.schema";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/postgres-errors";
import { disputeEvidence, disputes } from "~/db/schema/payments";
import { companyNameOf } from "~/modules/accounts/profiles.server";
import { formatMoney } from "~/lib/money";
import { parseUsdToCents } from "~/lib/money-minor";
import { isUuid } from "~/lib/uuid";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import {
  attachmentResponse,
  checkAttachmentLimits,
  discardAttachments,
  storeAttachment,
  type StoredAttachment,
  AttachmentRejected,
} from "~/modules/messaging/attachments.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { lockOrder, moveOrder, notifyOrderParty, orderRows } from "~/modules/orders/orders.server";
import type { BlobStorage } from "~/modules/uploads/storage.server";
import { orderBalance, orderBalances } from "./ledger.server";
import {
  DISPUTE_DECISION_LABEL,
  decideDisputeSchema,
  type DisputeDecision,
  type OpenDisputeInput,
} from "./payments.schema";
import { ESCROWED_CONDITIONS, publishOrderChange, refundHeld, releaseHeld } from "./payments.server";

export type DisputeResult = { ok: boolean; status: number; message: string; fieldErrors?: Record<string, string> };

/**
 * The buyer opens a dispute on a shipped or delivered order: a reason and up to five evidence files (PDF or images,
 * checked by their bytes, stored privately). The order becomes 'disputed' (escrow stays held) and both parties are told.
 */
export async function openDispute(
  db: Db,
  storage: BlobStorage,
  actor: SessionUser,
  input: OpenDisputeInput & { orderId: string; files: File[] },
  notifier: Notifier,
): Promise<DisputeResult> {
  const { orderId, reason } = input;
  if (!isUuid(orderId)) return { ok: false, status: 404, message: "Order not found" };
  const order = await orderParty(db, actor, orderId);
  if (!order) return { ok: false, status: 404, message: "Order not found" };
  // who may dispute, and from which statuses, is the order's transition table (orders-values), not a copy here
  const role = order.buyerId === actor.id ? "buyer" : "seller";
  if (!mayMoveOrder(order.status, "disputed", role))
    return { ok: false, status: 409, message: "A dispute cannot be opened on this order now" };
  const tooMany = checkAttachmentLimits(input.files);
  if (tooMany)
    return { ok: false, status: tooMany.status, message: tooMany.message, fieldErrors: { evidence: tooMany.message } };
  const stored: StoredAttachment[] = [];
  try {
    for (const file of input.files) stored.push(await storeAttachment(storage, `disputes/${orderId}`, file));
  } catch (error) {
    await discardAttachments(storage, stored);
    if (error instanceof AttachmentRejected)
      return { ok: false, status: error.status, message: error.message, fieldErrors: { evidence: error.message } };
    throw error;
  }
  try {
    const opened = await db.transaction(async (tx) => {
      const moved = await moveOrder(
        tx,
        orderId,
        "disputed",
        { role, id: actor.id },
        { from: order.status, note: reason },
      );
      if (!moved.ok) return false;
      const [dispute] = await tx
        .insert(disputes)
        .values({ orderId, openedBy: actor.id, fromStatus: order.status, reason: reason })
        .returning({ id: disputes.id });
      if (stored.length > 0)
        await tx.insert(disputeEvidence).values(stored.map((file) => ({ disputeId: dispute!.id, ...file })));
      const said = {
        text: ` The buyer opened a dispute: ${reason} Funds held in escrow stay held until a Setu administrator decides.`,
        translated: { key: "emails:order.said.disputeOpened" as const, params: { reason } },
      };
      await notifyOrderParty(tx, notifier, orderId, order.sellerId, "disputed", said);
      await notifyOrderParty(tx, notifier, orderId, order.buyerId, "disputed", {
        text: " We received your dispute; a Setu administrator will decide.",
        translated: { key: "emails:order.said.disputeReceived" },
      });
      await publishOrderChange(tx, { id: orderId, buyerId: order.buyerId, sellerId: order.sellerId });
      return true;
    });
    if (!opened) {
      await discardAttachments(storage, stored);
      return { ok: false, status: 409, message: "This order changed meanwhile; please reload" };
    }
  } catch (error) {
    await discardAttachments(storage, stored);
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: "This order already has an open dispute" };
    throw error;
  }
  return { ok: true, status: 200, message: "Dispute opened. A Setu administrator will review it." };
}

export type DisputeView = {
  id: string;
  orderId: string;
  orderTitle: string | null;
  buyerCompany: string;
  sellerCompany: string;
  totalCents: number;
  heldCents: number;
  reason: string;
  status: "open" | "decided";
  decision: DisputeDecision | null;
  refundCents: number | null;
  settlementCents: number | null;
  decisionNote: string | null;
  createdAt: string;
  evidence: { id: string; fileName: string; contentType: string }[];
};

async function disputeViews(db: Db, where: ReturnType<typeof eq>): Promise<DisputeView[]> {
  const orders = orderRows(db);
  const rows = await db
    .select({
      dispute: disputes,
      title: orders.title,
      totalCents: orders.totalCents,
      buyerCompany: companyNameOf(orders.buyerId),
      sellerCompany: companyNameOf(orders.sellerId),
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(where)
    .orderBy(desc(disputes.createdAt));
  // the evidence and the held balances of every dispute listed, in one statement each
  const disputeIds = rows.map((row) => row.dispute.id);
  const evidence =
    disputeIds.length === 0
      ? []
      : await db
          .select({
            disputeId: disputeEvidence.disputeId,
            id: disputeEvidence.id,
            fileName: disputeEvidence.fileName,
            contentType: disputeEvidence.contentType,
          })
          .from(disputeEvidence)
          .where(inArray(disputeEvidence.disputeId, disputeIds))
          .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
  const balances = await orderBalances(db, [...new Set(rows.map((row) => row.dispute.orderId))]);
  const views: DisputeView[] = rows.map((row) => ({
    id: row.dispute.id,
    orderId: row.dispute.orderId,
    orderTitle: row.title,
    buyerCompany: row.buyerCompany || "Buyer",
    sellerCompany: row.sellerCompany || "Supplier",
    totalCents: row.totalCents,
    heldCents: balances.get(row.dispute.orderId)!.held,
    reason: row.dispute.reason,
    status: row.dispute.status,
    decision: row.dispute.decision,
    refundCents: row.dispute.refundCents,
    settlementCents: row.dispute.settlementCents,
    decisionNote: row.dispute.decisionNote,
    createdAt: row.dispute.createdAt.toISOString(),
    evidence: evidence
      .filter((file) => file.disputeId === row.dispute.id)
      .map(({ id, fileName, contentType }) => ({ id, fileName, contentType })),
  }));
  return views;
}

/** Open disputes, newest first, for the administrators' page. */
export async function listOpenDisputes(db: Db, admin: SessionUser): Promise<DisputeView[]> {
  if (!admin.isAdmin) return [];
  return disputeViews(db, eq(disputes.status, "open"));
}

/** The order's disputes, for its page (the caller has checked the viewer is a party). */
export async function orderDisputes(db: Db, orderId: string): Promise<DisputeView[]> {
  return disputeViews(db, eq(disputes.orderId, orderId));
}

/**
 * An administrator decides an open dispute. release: everything held goes to the supplier, the order is completed;
 * partial_refund: the amount (at most what is held) goes back to the buyer and the rest to the supplier, completed;
 * full_refund: everything held goes back to the buyer, the order is cancelled (decision record 0028). One transaction;
 * both parties are told the decision and the note.
 */
export async function decideDispute(
  db: Db,
  admin: SessionUser,
  input: Record<string, unknown>,
  notifier: Notifier,
): Promise<DisputeResult> {
  if (!admin.isAdmin) return { ok: false, status: 404, message: "Dispute not found" };
  const disputeId = typeof input.disputeId === "string" ? input.disputeId : "";
  if (!isUuid(disputeId)) return { ok: false, status: 404, message: "Dispute not found" };
  const parsed = decideDisputeSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return { ok: false, status: 400, message: Object.values(fieldErrors)[0] ?? "Please check the form", fieldErrors };
  }
  const { decision, note } = parsed.data;
  let refundCents: number | null = null;
  if (decision === "partial_refund") {
    refundCents = parseUsdToCents(parsed.data.refundAmount ?? "");
    if (refundCents === null || refundCents <= 0)
      return {
        ok: false,
        status: 400,
        message: "Please enter the refund in US dollars, e.g. 120.50",
        fieldErrors: { refundAmount: "Please enter the refund in US dollars, e.g. 120.50" },
      };
  }
  let settlementCents: number | null = null;
  if (decision === "settled_off_platform") {
    settlementCents = parseUsdToCents(parsed.data.settlementAmount ?? "");
    if (settlementCents === null)
      return {
        ok: false,
        status: 400,
        message: "Please enter the amount the parties settled on outside Setu in US dollars, e.g. 500.00 (0 for none)",
        fieldErrors: {
          settlementAmount:
            "Please enter the amount the parties settled on outside Setu in US dollars, e.g. 500.00 (0 for none)",
        },
      };
  }
  type Outcome =
    | { kind: "missing" }
    | { kind: "decided" }
    | { kind: "not-disputed" }
    | { kind: "too-much"; held: number }
    | { kind: "done"; refunded: number; released: number };
  const outcome: Outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for("update");
    if (!dispute) return { kind: "missing" };
    if (dispute.status !== "open") return { kind: "decided" };
    const order = await lockOrder(tx, dispute.orderId);
    const toStatus = decision === "full_refund" ? "cancelled" : "completed";
    if (!mayMoveOrder(order!.status, toStatus, "admin")) return { kind: "not-disputed" };
    const held = (await orderBalance(tx, order!.id)).held;
    if (refundCents !== null && refundCents > held) return { kind: "too-much", held };
    let refunded = 0;
    let released = 0;
    if (decision === "full_refund")
      refunded = await refundHeld(tx, notifier.jobs, order!.id, `Refunded in full after a dispute: ${note}`);
    else {
      if (decision === "partial_refund")
        refunded = await refundHeld(
          tx,
          notifier.jobs,
          order!.id,
          `Refunded in part after a dispute: ${note}`,
          refundCents!,
        );
      released = await releaseHeld(
        tx,
        notifier.jobs,
        order!.id,
        ESCROWED_CONDITIONS,
        `Released after a dispute: ${note}`,
      );
    }
    const now = new Date();
    await tx
      .update(disputes)
      .set({
        status: "decided",
        decision,
        refundCents: decision === "release" || decision === "settled_off_platform" ? 0 : refunded,
        settlementCents,
        decisionNote: note,
        decidedBy: admin.id,
        decidedAt: now,
      })
      .where(eq(disputes.id, dispute.id));
    const summary =
      `${DISPUTE_DECISION_LABEL[decision]}: ${formatMoney(refunded)} refunded to the buyer, ${formatMoney(released)} released to the supplier.` +
      (settlementCents !== null
        ? ` Settled between the parties outside Setu: ${formatMoney(settlementCents)} (recorded; not paid through Setu).`
        : "");
    // the order was locked above, so it is still in the status read: the move cannot be lost
    const moved = await moveOrder(
      tx,
      order!.id,
      toStatus,
      { role: "admin", id: admin.id },
      {
        from: order!.status,
        now,
        note: `${summary} ${note}`,
        set:
          toStatus === "completed"
            ? { completedAt: now }
            : { cancelReason: `Refunded after a dispute: ${note}`, cancelledBy: admin.id },
      },
    );
    if (!moved.ok) throw new Error(`The disputed order ${order!.id} could not be moved: ${moved.reason}`);
    // the same in the recipient's language (record 0058); amounts formatted for it, the note as the administrator wrote it
    const summaryPhrase = {
      key: "emails:dispute.summary" as const,
      params: {
        decision: { key: `emails:dispute.decision.${decision}` as const },
        refunded: { money: refunded },
        released: { money: released },
        settled:
          settlementCents !== null
            ? { key: "emails:dispute.settled" as const, params: { amount: { money: settlementCents } } }
            : "",
      },
    };
    const said = {
      text: ` The dispute was decided. ${summary} The administrator's note: ${note}`,
      translated: { key: "emails:order.said.disputeDecided" as const, params: { summary: summaryPhrase, note } },
    };
    await notifyOrderParty(tx, notifier, order!.id, order!.buyerId, toStatus, said, ":dispute");
    await notifyOrderParty(tx, notifier, order!.id, order!.sellerId, toStatus, said, ":dispute");
    await publishOrderChange(tx, order!);
    return { kind: "done", refunded, released };
  });
  if (outcome.kind === "missing") return { ok: false, status: 404, message: "Dispute not found" };
  if (outcome.kind === "decided") return { ok: false, status: 409, message: "This dispute has already been decided" };
  if (outcome.kind === "not-disputed")
    return { ok: false, status: 409, message: "This order is no longer disputed: the dispute cannot be decided now" };
  if (outcome.kind === "too-much") {
    const message = `The refund can be at most what is held: ${formatMoney(outcome.held)}`;
    return { ok: false, status: 400, message, fieldErrors: { refundAmount: message } };
  }
  return {
    ok: true,
    status: 200,
    message: `Dispute decided: ${formatMoney(outcome.refunded)} refunded, ${formatMoney(outcome.released)} released`,
  };
}

/** An evidence file, to an administrator or one of the order's two parties; null (404) for anyone else. */
export async function serveEvidence(
  db: Db,
  storage: BlobStorage,
  actor: SessionUser,
  evidenceId: string,
): Promise<Response | null> {
  if (!isUuid(evidenceId)) return null;
  const orders = orderRows(db);
  const [row] = await db
    .select({
      storageKey: disputeEvidence.storageKey,
      fileName: disputeEvidence.fileName,
      contentType: disputeEvidence.contentType,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
    })
    .from(disputeEvidence)
    .innerJoin(disputes, eq(disputes.id, disputeEvidence.disputeId))
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(eq(disputeEvidence.id, evidenceId))
    .limit(1);
  if (!row || (!actor.isAdmin && actor.id !== row.buyerId && actor.id !== row.sellerId)) return null;
  const object = await storage.get(row.storageKey);
  if (!object) return null;
  return attachmentResponse(object.bytes, row);
}
