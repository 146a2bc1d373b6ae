import type { Db } from "~/db/client.server";
import { orderPackingDetails } from "~/db/schema/order-documents";
import { orderEvents, orders } from "~/db/schema/orders";
import { ledgerEntries, paymentMilestones } from "~/db/schema/payments";
import { reviews } from "~/db/schema/reviews";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import type { OrderDocumentStage } from "~/modules/order-documents/order-documents.schema";
import type { OrderStatus } from "~/modules/orders/orders.schema";
import { planMilestones } from "~/modules/payments/payments.schema";
import { dateFromToday } from "./factories/rfqs";
import { totalFromUnit } from "~/lib/money-minor";

const DAY_MS = 24 * 60 * 60 * 1000;

type DemoTrade = {
  buyer: string;
  supplier: string;
  title: string;
  category: "home-textiles" | "apparel-and-textiles" | "spices-and-food" | "auto-components";
  quantity: number;
  unit: "pieces" | "kg" | "sets";
  unitPriceCents: number;
  paymentTerms: "advance_30_bl_70" | "advance_100";
  /** the 10-digit HTSUS number (a line of hts_codes, migration 0042), or a legacy 6-digit HS code */
  hsCode: string;
  /** the goods as the quote describes them, from the supplier's product: name, material, maker (null: the supplier) */
  goods: { description: string; material: string; manufacturer: string | null };
  incotermPort: string;
  daysAgo: number;
  /** the steps it went through, in order, each a few days after the previous */
  steps: OrderStatus[];
  shipment?: {
    carrier: string;
    vesselOrFlight: string;
    portOfDischarge: string;
    billOfLading: string;
    etaInDays: number;
  };
  review?: { productQuality: number; communication: number; onTimeDelivery: number; body: string; reply: string };
};

/** Where each demo buyer has its goods delivered: the ship-to address given when accepting a quote (issue #41). */
const SHIP_TO: Record<string, { shipToName: string; shipToAddress: string; notifyParty: string | null }> = {
  brooklyn: {
    shipToName: "Brooklyn Home Goods LLC",
    shipToAddress: "Building 77, Brooklyn Navy Yard, Suite 412\nBrooklyn, NY 11205",
    notifyParty: "Atlantic Customs Brokerage Inc., 150 Harbor Drive, Jersey City, NJ 07305, Tel +1 201 555 0148",
  },
  pacific: {
    shipToName: "Pacific Fresh Foods Co.",
    shipToAddress: "2150 E 37th Street\nVernon, CA 90058",
    notifyParty: null,
  },
  lonestar: {
    shipToName: "Lone Star Auto Supply Inc.",
    shipToAddress: "8800 Ambassador Row\nDallas, TX 75247",
    notifyParty: "Gulf Coast Customs Brokers LLC, 1515 Port Road, Houston, TX 77029",
  },
};

/**
 * Past and current trade between the demo accounts (issue #22): an order completed and reviewed (its escrow released
 * when it completed), one shipped with its advance and bill-of-lading payment held in escrow until the inspection window
 * closes (record 0042), one confirmed waiting for the buyer's advance, one placed waiting for
 * the supplier. Each order has its RFQ (awarded), its accepted quote, its timeline, its milestones and its ledger.
 */
const TRADES: DemoTrade[] = [
  {
    buyer: "brooklyn",
    supplier: "shakti",
    title: "Cotton terry hand towels, 3,000 pieces",
    category: "home-textiles",
    quantity: 3000,
    unit: "pieces",
    unitPriceCents: 1_35,
    paymentTerms: "advance_30_bl_70",
    hsCode: "6302600020",
    goods: {
      description: "Cotton Terry Hand Towels, 40 x 70 cm",
      material: "100% cotton terry, 450 gsm, dobby border",
      manufacturer: null,
    },
    incotermPort: "INTUT",
    daysAgo: 75,
    steps: ["placed", "confirmed", "in_production", "ready_to_ship", "shipped", "delivered", "completed"],
    shipment: {
      carrier: "Maersk Line",
      vesselOrFlight: "Maersk Kinloss 447W",
      portOfDischarge: "New York/Newark (USNYC)",
      billOfLading: "MAEU 5531207",
      etaInDays: -25,
    },
    review: {
      productQuality: 5,
      communication: 5,
      onTimeDelivery: 4,
      body: "Towels matched the approved lab dips and the woven labels were perfect. The vessel left four days late, but Shakti told us a week ahead.",
      reply: "Thank you, Sarah. We now book space two weeks ahead for your orders.",
    },
  },
  {
    buyer: "pacific",
    supplier: "malabar",
    title: "Turmeric powder, 3% curcumin, 2 tons",
    category: "spices-and-food",
    quantity: 2000,
    unit: "kg",
    unitPriceCents: 3_10,
    paymentTerms: "advance_30_bl_70",
    hsCode: "0910300000",
    goods: {
      description: "Turmeric Powder, 3% Curcumin, in 25 kg lined paper bags",
      material: "Ground turmeric (Curcuma longa rhizome), 3% curcumin, no additives",
      manufacturer: null,
    },
    incotermPort: "INCOK",
    daysAgo: 30,
    steps: ["placed", "confirmed", "in_production", "ready_to_ship", "shipped"],
    shipment: {
      carrier: "MSC",
      vesselOrFlight: "MSC Aurora 612E",
      portOfDischarge: "Los Angeles (USLAX)",
      billOfLading: "MEDU 8820461",
      etaInDays: 12,
    },
  },
  {
    buyer: "brooklyn",
    supplier: "shakti",
    title: "Cotton canvas tote bags, 2,000 pieces",
    category: "apparel-and-textiles",
    quantity: 2000,
    unit: "pieces",
    unitPriceCents: 2_20,
    paymentTerms: "advance_30_bl_70",
    // cotton tote bags, as U.S. Customs rules them (migration 0048)
    hsCode: "4202921500",
    goods: {
      description: "Cotton Canvas Tote Bags, 38 x 42 cm",
      material: "100% cotton canvas, 10 oz",
      manufacturer: "Annai Bag Works, 7 SIDCO Estate, Tiruppur 641604, Tamil Nadu, India",
    },
    incotermPort: "INTUT",
    daysAgo: 6,
    steps: ["placed", "confirmed"],
  },
  {
    buyer: "lonestar",
    supplier: "deccan",
    title: "Rear brake shoes for pickups, 800 sets",
    category: "auto-components",
    quantity: 800,
    unit: "sets",
    unitPriceCents: 9_40,
    paymentTerms: "advance_100",
    hsCode: "8708305040",
    goods: {
      description: "Rear Brake Shoes with Mounted Linings for Pickups",
      material: "Non-asbestos friction linings bonded to steel shoes",
      manufacturer: null,
    },
    incotermPort: "INNSA",
    daysAgo: 1,
    steps: ["placed"],
  },
];

/** Returns each order with the document stages it has reached (its export documents are issued after the commit). */
export async function seedDemoOrders(
  tx: Db,
  sellerIds: Map<string, string>,
  buyerIds: Map<string, string>,
  now = Date.now(),
) {
  const issued: { orderId: string; stages: OrderDocumentStage[] }[] = [];
  for (const trade of TRADES) {
    const buyerId = buyerIds.get(trade.buyer)!;
    const sellerId = sellerIds.get(trade.supplier)!;
    const totalCents = totalFromUnit(trade.unitPriceCents, trade.quantity);
    const placedAt = new Date(now - trade.daysAgo * DAY_MS);
    // each step a few days after the previous, the last one at most a day ago
    const stepGap =
      trade.steps.length > 1 ? Math.min(6 * DAY_MS, (trade.daysAgo * DAY_MS - DAY_MS) / (trade.steps.length - 1)) : 0;
    const at = (i: number) => new Date(placedAt.getTime() + i * stepGap);
    const status = trade.steps.at(-1)!;
    const [rfq] = await tx
      .insert(rfqs)
      .values({
        buyerId,
        title: trade.title,
        description: `${trade.title}, as quoted and accepted on Setu.`,
        category: trade.category,
        quantity: trade.quantity,
        unit: trade.unit,
        budgetMinCents: null,
        budgetMaxCents: null,
        deadline: dateFromToday(-trade.daysAgo + 1),
        closesAt: placedAt,
        deliveryLocation: "United States",
        status: "awarded",
        createdAt: new Date(placedAt.getTime() - 5 * DAY_MS),
      })
      .returning({ id: rfqs.id });
    const [quote] = await tx
      .insert(rfqResponses)
      .values({
        rfqId: rfq!.id,
        sellerId,
        priceCents: totalCents,
        quantity: trade.quantity,
        deliveryTimeline: "45 days after the advance",
        status: "accepted",
        incoterm: "FOB",
        incotermPort: trade.incotermPort,
        shipMode: "ocean",
        currency: "USD",
        unitPriceMinor: trade.unitPriceCents,
        totalMinor: totalCents,
        paymentTerms: trade.paymentTerms,
        leadTimeDays: 45,
        hsCode: trade.hsCode,
        goodsDescription: trade.goods.description,
        material: trade.goods.material,
        manufacturer: trade.goods.manufacturer,
        createdAt: new Date(placedAt.getTime() - 3 * DAY_MS),
      })
      .returning({ id: rfqResponses.id });
    const shipped = trade.steps.includes("shipped");
    const [order] = await tx
      .insert(orders)
      .values({
        buyerId,
        sellerId,
        rfqId: rfq!.id,
        title: trade.title,
        quoteId: quote!.id,
        quantity: trade.quantity,
        unit: trade.unit,
        unitPriceCents: trade.unitPriceCents,
        totalCents,
        status,
        incoterm: "FOB",
        incotermPort: trade.incotermPort,
        shipMode: "ocean",
        currency: "USD",
        totalMinor: totalCents,
        paymentTerms: trade.paymentTerms,
        leadTimeDays: 45,
        hsCode: trade.hsCode,
        goodsDescription: trade.goods.description,
        material: trade.goods.material,
        manufacturer: trade.goods.manufacturer,
        ...SHIP_TO[trade.buyer]!,
        ...(shipped && trade.shipment
          ? {
              carrier: trade.shipment.carrier,
              vesselOrFlight: trade.shipment.vesselOrFlight,
              portOfDischarge: trade.shipment.portOfDischarge,
              billOfLading: trade.shipment.billOfLading,
              estimatedArrival: dateFromToday(trade.shipment.etaInDays),
            }
          : {}),
        deliveredAt: trade.steps.includes("delivered") ? at(trade.steps.indexOf("delivered")) : null,
        completedAt: status === "completed" ? at(trade.steps.length - 1) : null,
        createdAt: placedAt,
        updatedAt: at(trade.steps.length - 1),
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    await tx.insert(orderEvents).values(
      trade.steps.map((step, i) => ({
        orderId,
        actorId: step === "placed" || step === "delivered" || step === "completed" ? buyerId : sellerId,
        fromStatus: i === 0 ? null : trade.steps[i - 1]!,
        toStatus: step,
        note:
          step === "shipped" && trade.shipment
            ? `Carrier: ${trade.shipment.carrier}. Bill of lading / air waybill: ${trade.shipment.billOfLading}.`
            : null,
        createdAt: at(i),
      })),
    );
    const stages: OrderDocumentStage[] = [];
    if (trade.steps.includes("confirmed")) stages.push("confirmed");
    if (shipped) stages.push("shipped");
    issued.push({ orderId, stages });
    // the supplier entered its packing before shipping: 40 cartons
    if (shipped) {
      const gross = Math.round(trade.quantity * (trade.unit === "kg" ? 1000 : 450) * 1.06);
      await tx.insert(orderPackingDetails).values({
        orderId,
        packages: 40,
        netWeightGrams: Math.round(gross / 1.06),
        grossWeightGrams: gross,
        lengthCm: "60",
        widthCm: "40",
        heightCm: "40",
        updatedBy: sellerId,
      });
    }
    if (!trade.steps.includes("confirmed")) continue;
    // escrow: milestones from the payment terms; the advance funded a day after confirmation, the balance at shipment,
    // everything held until the order completed (record 0042)
    const confirmedAt = at(trade.steps.indexOf("confirmed"));
    const funded = trade.steps.includes("in_production");
    const completed = trade.steps.includes("completed");
    const milestones = await tx
      .insert(paymentMilestones)
      .values(
        planMilestones(trade.paymentTerms, totalCents).map((m) => ({
          orderId,
          ...m,
          state: completed ? ("released" as const) : shipped ? ("held" as const) : ("awaiting_funds" as const),
          createdAt: confirmedAt,
        })),
      )
      .returning({
        id: paymentMilestones.id,
        amountCents: paymentMilestones.amountCents,
        position: paymentMilestones.position,
      });
    if (!funded) continue;
    const entries = milestones.flatMap((m) => {
      // the balance against the bill of lading is paid once the goods ship; before that only the advance is
      if (m.position > 1 && !shipped) return [];
      const fundedAt = new Date(confirmedAt.getTime() + (m.position === 1 ? DAY_MS : stepGap * 3));
      const list: (typeof ledgerEntries.$inferInsert)[] = [
        {
          orderId,
          milestoneId: m.id,
          kind: "fund",
          amountCents: m.amountCents,
          idempotencyKey: `demo:${m.id}:fund`,
          note: "Demo: card payment into escrow",
          createdAt: fundedAt,
        },
      ];
      if (completed)
        list.push({
          orderId,
          milestoneId: m.id,
          kind: "release",
          amountCents: m.amountCents,
          idempotencyKey: `demo:${m.id}:release`,
          note: "Demo: released when the order completed",
          createdAt: at(trade.steps.indexOf("completed")),
        });
      return list;
    });
    await tx.insert(ledgerEntries).values(entries);
    if (trade.review) {
      const reviewedAt = new Date(at(trade.steps.length - 1).getTime() + DAY_MS);
      await tx.insert(reviews).values({
        orderId,
        buyerId,
        sellerId,
        productQuality: trade.review.productQuality,
        communication: trade.review.communication,
        onTimeDelivery: trade.review.onTimeDelivery,
        body: trade.review.body,
        reply: trade.review.reply,
        repliedAt: new Date(reviewedAt.getTime() + DAY_MS),
        createdAt: reviewedAt,
      });
    }
  }
  return issued;
}
