import type { Db } from "~/db/client.server";
import { formatMoney } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import type { Notifier, Phrase } from "~/modules/notifications/notifications.server";
import { INSPECTION_DAYS } from "~/lib/status-lists";
import { enqueueOrderDocuments } from "~/modules/order-documents/order-documents.server";
import { orderParty } from "~/modules/orders/order-party.server";
import { mayMoveOrder, ORDER_ACTIONS, type OrderActionInput, type OrderRole } from "~/modules/orders/orders.schema";
import {
  AUTO_COMPLETE_DAYS,
  completeDeliveredMoves,
  moveOrder,
  notifyOrderParty,
  type OrderNoticeDetail,
} from "~/modules/orders/orders.server";
import {
  advanceMissing,
  createMilestones,
  milestoneLabelPhrase,
  publishOrderChange,
  refundHeld,
  releaseDue,
} from "~/modules/payments/payments.server";
import { isEscrowed, planMilestones, scheduleLines, type MilestonePlan } from "~/modules/payments/payments-values";

/*
 * What an order's move sets off, in the move's transaction: the escrow (payments) and the papers (order-documents).
 * Orders moves orders and sits below both; this folder, above all three, is the one place that says what follows a
 * move (record 0049; the hops are listed in docs/flows.md).
 */

export type OrderActionResult = { ok: boolean; message: string; status: number; fieldErrors?: Record<string, string> };

class TransitionRefused extends Error {}

/**
 * A party moves an order one step (an action of ORDER_ACTIONS, allowed by ORDER_TRANSITIONS). Refusals: 404 when the order is not the actor's (or does not
 * exist), 409 when the table does not allow it now (the form was read by orderActionSchema). The change is one
 * conditional UPDATE in a transaction that also writes the timeline entry, moves escrow money as the new status
 * requires (milestones at confirmation, releases at shipment and completion, refunds on cancellation), and notifies
 * the other party.
 */
export async function updateOrderStatus(
  db: Db,
  actor: SessionUser,
  orderId: string,
  command: OrderActionInput,
  notifier: Notifier,
): Promise<OrderActionResult> {
  if (!isUuid(orderId)) return { ok: false, message: "Order not found", status: 404 };
  const action = command.action;
  const step = ORDER_ACTIONS[action];
  const row = await orderParty(db, actor, orderId);
  if (!row) return { ok: false, message: "Order not found", status: 404 };
  const role: OrderRole = row.buyerId === actor.id ? "buyer" : "seller";
  const cannot = {
    ok: false,
    message: `This order cannot be ${step.done.replace(/^Order (marked as )?/, "").toLowerCase()} now`,
    status: 409,
  };
  if (!mayMoveOrder(row.status, step.to, role)) return cannot;
  const now = new Date();
  const details =
    command.action === "ship"
      ? {
          carrier: command.carrier,
          vesselOrFlight: command.vesselOrFlight,
          portOfDischarge: command.portOfDischarge,
          billOfLading: command.billOfLading,
          trackingUrl: command.trackingUrl || null,
          estimatedArrival: command.estimatedArrival,
        }
      : command.action === "cancel" || command.action === "decline"
        ? { cancelReason: command.reason, cancelledBy: actor.id }
        : command.action === "deliver"
          ? { deliveredAt: now }
          : command.action === "complete"
            ? { completedAt: now }
            : {};
  const note =
    command.action === "ship"
      ? `Carrier: ${command.carrier}. Vessel / flight: ${command.vesselOrFlight}. Port of discharge: ${command.portOfDischarge}. Bill of lading / air waybill: ${command.billOfLading}. Estimated arrival: ${command.estimatedArrival}.`
      : "reason" in command
        ? command.reason
        : "note" in command && command.note
          ? command.note
          : null;
  try {
    const changed = await db.transaction(async (tx) => {
      const moved = await moveOrder(
        tx,
        orderId,
        step.to,
        { role, id: actor.id },
        { from: row.status, set: details, note, now },
      );
      if (!moved.ok) return false;
      const order = moved.order;
      if (command.action === "confirm") await createMilestones(tx, orderId, order.paymentTerms, order.totalCents);
      if (command.action === "start_production") {
        const missing = await advanceMissing(tx, orderId);
        if (missing) throw new TransitionRefused(missing);
      }
      if (command.action === "cancel")
        await refundHeld(
          tx,
          notifier.jobs,
          orderId,
          `Refunded: the order was cancelled by the ${role === "buyer" ? "buyer" : "supplier"}`,
        );
      if (command.action === "ship" || command.action === "complete")
        await releaseDue(tx, notifier.jobs, orderId, step.to);
      // the proforma invoice at confirmation; the commercial invoice and packing list at shipment (issued once each)
      if (command.action === "confirm") await enqueueOrderDocuments(tx, notifier.jobs, orderId, "confirmed");
      if (command.action === "ship") await enqueueOrderDocuments(tx, notifier.jobs, orderId, "shipped");
      const said = orderChangeDetail(command, role, order.paymentTerms, order.totalCents);
      await notifyOrderParty(tx, notifier, orderId, role === "buyer" ? row.sellerId : row.buyerId, step.to, said);
      await publishOrderChange(tx, { id: orderId, buyerId: row.buyerId, sellerId: row.sellerId });
      return true;
    });
    if (!changed) return { ok: false, message: "This order changed meanwhile; please reload", status: 409 };
  } catch (error) {
    if (error instanceof TransitionRefused) return { ok: false, message: error.message, status: 409 };
    throw error;
  }
  return { ok: true, message: step.done, status: 200 };
}

/**
 * Completes every order delivered more than 14 days ago: Setu's move of ORDER_TRANSITIONS (from the statuses it lists
 * for the system), one set-based conditional UPDATE that also writes the system's timeline entries; in the same
 * transaction the escrow is released and both parties are told. Returns the ids.
 */
export async function completeDeliveredOrders(db: Db, notifier: Notifier, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const done = await completeDeliveredMoves(tx, now);
    for (const order of done) {
      await releaseDue(tx, notifier.jobs, order.id, "completed");
      const said = {
        text: ` It was completed automatically ${AUTO_COMPLETE_DAYS} days after delivery.`,
        translated: { key: "emails:order.said.autoCompleted" as const, params: { days: AUTO_COMPLETE_DAYS } },
      };
      await notifyOrderParty(tx, notifier, order.id, order.buyerId, "completed", said);
      await notifyOrderParty(tx, notifier, order.id, order.sellerId, "completed", said);
      await publishOrderChange(tx, order);
    }
    return done.map((o) => o.id);
  });
}

/**
 * What the other party of an order is told beside its new status (a shipment's details, the reason given, the payment
 * schedule at confirmation), in English and as a phrase for a recipient who reads another language (record 0058).
 * What was typed (carrier, bill of lading, reason) stays as typed; amounts are formatted in the recipient's language.
 */
function orderChangeDetail(
  command: OrderActionInput,
  role: OrderRole,
  paymentTerms: Parameters<typeof planMilestones>[0],
  totalCents: number,
): OrderNoticeDetail {
  if (command.action === "ship")
    return {
      text: ` Carrier: ${command.carrier}. Bill of lading: ${command.billOfLading}. Estimated arrival: ${command.estimatedArrival}.`,
      translated: {
        key: "emails:order.said.shipped",
        params: {
          carrier: command.carrier,
          billOfLading: command.billOfLading,
          arrival: command.estimatedArrival,
        },
      },
    };
  if ("reason" in command)
    return {
      text: ` The ${role === "buyer" ? "buyer" : "supplier"} gave this reason: ${command.reason}`,
      translated: {
        key: role === "buyer" ? "emails:order.said.buyerReason" : "emails:order.said.supplierReason",
        params: { reason: command.reason },
      },
    };
  if (command.action === "confirm") {
    const plan = planMilestones(paymentTerms, totalCents);
    return {
      text: ` The payment schedule: ${scheduleLines(plan, formatMoney).join(" ")}`,
      translated: {
        key: "emails:order.said.schedule",
        params: { lines: { list: plan.map(scheduleLinePhrase) } },
      },
    };
  }
  return "";
}

/** scheduleLines' line for one milestone, as a phrase. */
function scheduleLinePhrase(m: MilestonePlan): Phrase {
  return {
    key: "emails:milestone.line",
    params: {
      label: milestoneLabelPhrase(m.label),
      amount: { money: m.amountCents },
      due: { key: `emails:milestone.due.${m.condition}`, params: { days: m.dueDays ?? 30 } },
      release: isEscrowed(m.condition)
        ? { key: "emails:milestone.release.escrow", params: { days: INSPECTION_DAYS } }
        : { key: "emails:milestone.release.outside" },
    },
  };
}
