import { calendarDateIn, formatCalendarDate, formatDate } from "~/lib/dates";
import crypto from "node:crypto";
import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderDocuments, orderPackingDetails } from "~/db/schema/order-documents";
import type { CommandRefusal, CommandResult } from "~/lib/command-result";
import { formatMoney, formatRate } from "~/lib/money";
import { quotePrice } from "~/lib/quote-price";
import { isUuid } from "~/lib/uuid";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { profilesOf } from "~/modules/accounts/profiles.server";
import { getSellerBusinessDetails, type ApprovedDetailsChange } from "~/modules/accounts/verification.server";
import { notify, type Notifier } from "~/modules/notifications/notifications.server";
import { orderParty } from "~/modules/orders/order-party.server";
import { findOrder, lockOrderStatus, openOrderBuyers } from "~/modules/orders/orders.server";
import { orderOriginFacts } from "~/modules/rfqs/rfq-owner.server";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { htsDescriptions } from "~/modules/trade/hts-codes.server";
import { findPort } from "~/modules/trade/ports.server";
import { formatHtsCode, PAYMENT_TERMS_LABELS } from "~/modules/trade/trade-terms-values";
import { scheduleLines } from "~/modules/payments/payments-values";
import { listMilestones } from "~/modules/payments/payments.server";
import { PRIVATE_ORDER_DOCUMENTS_PREFIX, type BlobStorage } from "~/modules/uploads/storage.server";
import { renderDocumentPdf, type DocumentContent } from "./order-document-pdf.server";
import {
  gramsToKg,
  kgToGrams,
  ORDER_DOCUMENT_KINDS,
  type OrderDocumentKind,
  type OrderDocumentStage,
  type OrderDocumentView,
  type PackingDetailsInput,
  type PackingDetailsView,
} from "./order-documents.schema";

export const LUT_DECLARATION = "SUPPLY MEANT FOR EXPORT UNDER LUT WITHOUT PAYMENT OF IGST";

/** The statuses in which each document may be issued: the proforma from confirmation on, the shipment's documents from shipment on. */
const ISSUED_FROM: Record<OrderDocumentKind, readonly string[]> = {
  proforma_invoice: ["confirmed", "in_production", "ready_to_ship", "shipped", "delivered", "completed", "disputed"],
  commercial_invoice: ["shipped", "delivered", "completed", "disputed"],
  packing_list: ["shipped", "delivered", "completed", "disputed"],
};

/** The seller enters packing details from confirmation until the order is ready to ship; after shipment they are printed. */
const PACKING_EDITABLE = ["confirmed", "in_production", "ready_to_ship"] as const;

const STAGE_KINDS: Record<OrderDocumentStage, OrderDocumentKind[]> = {
  confirmed: ["proforma_invoice"],
  // a shipment also issues a proforma that was somehow never issued (an order confirmed before documents existed)
  shipped: ["proforma_invoice", "commercial_invoice", "packing_list"],
};

const NUMBER_PREFIX: Record<OrderDocumentKind, string> = {
  proforma_invoice: "PI",
  commercial_invoice: "CI",
  packing_list: "PL",
};

/**
 * Queues the documents of an order's stage, in the transaction that moves the order to it (the lifecycle's), so the
 * job exists exactly when the change does. The job is idempotent: a document already issued is never issued again.
 */
export async function enqueueOrderDocuments(
  tx: Db,
  jobs: Pick<JobQueue, "send">,
  orderId: string,
  stage: OrderDocumentStage,
): Promise<void> {
  await jobs.send(tx, "order-documents", { orderId, stage });
}

/** Where export documents are issued: their dates are India's. */
const INDIA_TIME_ZONE = "Asia/Kolkata";

/** The Indian financial year (April to March) of a moment, in India's time: "2026-27". */
export function financialYear(at: Date): string {
  const [year, month] = calendarDateIn(at, INDIA_TIME_ZONE).split("-").map(Number);
  const start = month! >= 4 ? year! : year! - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** A document's date: its day in India, where it is issued, said so ("08 Nov 2026 (IST)"). */
const issueDate = (at: Date) => `${formatDate(at, INDIA_TIME_ZONE, "document")} (IST)`;

/**
 * The next number of the seller's series for a kind of document in the financial year: "CI/2026-27/0001". Each kind
 * counts from 1 every April, per seller, as a GST invoice series does (at most 16 characters, consecutive). The caller
 * holds the seller's advisory lock, so two documents never draw the same number; the unique constraint would refuse
 * it anyway.
 */
async function nextDocumentNumber(tx: Db, sellerId: string, kind: OrderDocumentKind, at: Date): Promise<string> {
  const prefix = `${NUMBER_PREFIX[kind]}/${financialYear(at)}/`;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.sellerId, sellerId),
        eq(orderDocuments.kind, kind),
        like(orderDocuments.documentNumber, `${prefix}%`),
      ),
    );
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(4, "0")}`;
}

/**
 * Everything an order's documents print, each part read from the domain that keeps it: the order, the RFQ and quote it
 * came from, both parties' profiles, the port, the packing details, the seller's verified details, the milestones.
 */
async function readOrderFacts(db: Db, orderId: string) {
  const order = await findOrder(db, orderId);
  if (!order) return null;
  const origin = await orderOriginFacts(db, order.rfqId, order.quoteId);
  const people = await profilesOf(db, [order.buyerId, order.sellerId]);
  const buyer = people.get(order.buyerId);
  const port = order.incotermPort ? await findPort(db, order.incotermPort) : null;
  const [packing] = await db
    .select()
    .from(orderPackingDetails)
    .where(eq(orderPackingDetails.orderId, order.id))
    .limit(1);
  return {
    order,
    ...origin,
    buyerCompany: buyer?.companyName ?? null,
    buyerName: buyer?.fullName ?? null,
    buyerPhone: buyer?.phone ?? null,
    sellerCompany: people.get(order.sellerId)?.companyName ?? null,
    portName: port?.name ?? null,
    portCountry: port?.country ?? null,
    packing: packing ?? null,
    seller: await getSellerBusinessDetails(db, order.sellerId),
    milestones: await listMilestones(db, orderId),
    htsDescription: order.hsCode ? ((await htsDescriptions(db, [order.hsCode])).get(order.hsCode) ?? null) : null,
  };
}

type OrderFacts = NonNullable<Awaited<ReturnType<typeof readOrderFacts>>>;

/** "INR 4,25,000.00" / "USD 1,234.50": the ISO code, as customs and banks read an amount. */
function amount(minor: number, currency: "USD" | "INR"): string {
  return `${currency} ${formatMoney(minor, currency).replace(/^[^\d-]+/, "")}`;
}

/** The order's one line in its own currency (the quote's unit price, or the total over the quantity), and in INR. */
function lineAmounts(facts: OrderFacts) {
  const { order } = facts;
  const price = quotePrice({
    currency: order.currency,
    quantity: order.quantity,
    priceCents: order.totalCents,
    totalMinor: order.currency === "INR" ? order.totalMinor : null,
    unitPriceMinor: order.currency === "INR" ? facts.quoteUnitPriceMinor : order.unitPriceCents,
    fxInrPerUsd: order.fxInrPerUsd,
  });
  return {
    currency: order.currency,
    unit: price.quoted.unit.minor,
    total: price.quoted.total.minor,
    inrTotal: price.inr?.total.minor ?? null,
  };
}

/** The LUT the seller holds on the document's date: its reference, or null (none, or expired). */
function lutInForce(facts: OrderFacts, at: Date): string | null {
  const lut = facts.seller?.lutReference?.trim();
  if (!lut) return null;
  const today = calendarDateIn(at, INDIA_TIME_ZONE);
  return facts.seller?.lutValidUntil && facts.seller.lutValidUntil < today ? null : lut;
}

function exporterName(facts: OrderFacts): string {
  return facts.seller?.legalName || facts.sellerCompany || "Supplier";
}

const addressLines = (address: string | null | undefined) =>
  address
    ? address
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : [];

/** The exporter, who sells and ships: its verified legal name, registered address, IEC and GSTIN. */
function exporterLines(facts: OrderFacts): string[] {
  const s = facts.seller;
  return [
    exporterName(facts),
    ...addressLines(s?.registeredAddress),
    `IEC: ${s?.iec || "Not provided"}`,
    `GSTIN: ${s?.gstin || "Not provided"}`,
  ];
}

/** The buyer the goods are sold to: its company, the person, and its US address (the ship-to address it gave). */
function buyerLines(facts: OrderFacts): string[] {
  const { order } = facts;
  return [
    facts.buyerCompany || "Buyer",
    ...(facts.buyerName ? [`Attn: ${facts.buyerName}`] : []),
    ...(order.shipToAddress
      ? addressLines(order.shipToAddress)
      : facts.deliveryLocation
        ? [facts.deliveryLocation]
        : []),
    "United States of America",
  ];
}

/** The consignee: whom the buyer named, at the full address given when accepting the quote. */
function consigneeLines(facts: OrderFacts): string[] {
  const { order } = facts;
  if (!order.shipToAddress) return buyerLines(facts);
  return [
    order.shipToName || facts.buyerCompany || "Buyer",
    ...addressLines(order.shipToAddress),
    "United States of America",
    ...(facts.buyerPhone ? [`Tel: ${facts.buyerPhone}`] : []),
  ];
}

function notifyLines(facts: OrderFacts): string[] {
  return facts.order.notifyParty ? addressLines(facts.order.notifyParty) : ["Same as consignee"];
}

/** The goods as the invoices describe them: what they are and what they are made of (the quote's, from the product). */
function goodsDescription(facts: OrderFacts): string {
  const { order } = facts;
  const what = order.goodsDescription || facts.title || "Goods as per order";
  return order.material ? `${what}. Material: ${order.material}` : what;
}

function htsText(facts: OrderFacts): string {
  const code = facts.order.hsCode;
  if (!code) return "-";
  return code.length === 10 ? `HTSUS ${formatHtsCode(code)}` : `HS ${code}`;
}

/** Who made the goods: the quote's manufacturer, or the exporter itself (name and address). */
function manufacturerText(facts: OrderFacts): string {
  if (facts.order.manufacturer) return facts.order.manufacturer;
  const address = addressLines(facts.seller?.registeredAddress).join(", ");
  return `${exporterName(facts)} (the exporter)${address ? `, ${address}` : ""}`;
}

/** The shipping marks on every package: the consignee, the order, the carton numbers and the origin. */
function marksAndNumbers(facts: OrderFacts): string {
  const reference = facts.order.id.slice(0, 8).toUpperCase();
  const consignee = (facts.order.shipToName || facts.buyerCompany || "BUYER").toUpperCase();
  const cartons = facts.packing ? `C/NO. 1-${facts.packing.packages}` : "C/NO. AS PER PACKING LIST";
  return `${consignee} / PO ${reference} / ${cartons} / MADE IN INDIA`;
}

/** The US port the goods are discharged at and enter by: as the seller declared it at shipment, or the Incoterm's. */
function portOfDischarge(facts: OrderFacts): string {
  if (facts.order.portOfDischarge) return facts.order.portOfDischarge;
  if (facts.portCountry === "US" && facts.portName) return `${facts.portName} (${facts.order.incotermPort})`;
  return "To be advised at shipment";
}

/** The charges beside the goods' price, itemized as the Incoterm puts them (19 CFR 141.86(a)(7)). */
function chargesText(facts: OrderFacts): string[] {
  const term = facts.order.incoterm;
  const buyerPays = "not included: for the buyer's account";
  const included = "included in the price above, not invoiced separately";
  const freight = term === "CIF" || term === "DAP" || term === "DDP" ? included : buyerPays;
  const insurance = term === "CIF" || term === "DAP" || term === "DDP" ? included : buyerPays;
  return [
    `Freight to the US: ${term ? freight : "as agreed in the quote"}`,
    `Insurance: ${term ? insurance : "as agreed in the quote"}`,
    "Packing: included in the unit price",
    `US duties and fees: ${term === "DDP" ? included : buyerPays}`,
    "Commissions: none",
  ];
}

/** The moment and place the sale was agreed: the buyer accepted the quote on Setu (19 CFR 141.86(a)(2)). */
function saleText(facts: OrderFacts): string {
  return `Agreed ${issueDate(facts.order.createdAt)}, online through Setu: sold by the exporter in India to the buyer in the USA`;
}

function incotermText(facts: OrderFacts): string {
  const { order } = facts;
  if (!order.incoterm) return "As agreed in the quote";
  const place = facts.portName ? `${facts.portName} (${order.incotermPort})` : order.incotermPlace || "";
  return `${`${order.incoterm} ${place}`.trim()}, Incoterms 2020`;
}

/** The Indian port named by the Incoterm (FOB Mundra, FCA Delhi air cargo), when it names one. */
function portOfLoading(facts: OrderFacts): string {
  return facts.portCountry === "IN" && facts.portName
    ? `${facts.portName} (${facts.order.incotermPort})`
    : "As per shipping bill";
}

function rateText(facts: OrderFacts): string {
  const { order } = facts;
  if (!order.fxInrPerUsd) return "Not applicable";
  const rate = formatRate(order.fxInrPerUsd).replace("₹", "INR ");
  return `USD 1 = ${rate}${order.fxRateDate ? ` (rate of ${formatCalendarDate(order.fxRateDate, "document")})` : ""}`;
}

function invoiceContent(
  kind: "proforma_invoice" | "commercial_invoice",
  facts: OrderFacts,
  number: string,
  at: Date,
  commercialLut: string | null,
): DocumentContent {
  const { order } = facts;
  const line = lineAmounts(facts);
  const totals: [string, string][] = [[`Total (${line.currency})`, amount(line.total, line.currency)]];
  if (line.currency === "USD" && line.inrTotal !== null)
    totals.push(["Total in INR at the rate above", amount(line.inrTotal, "INR")]);
  const s = facts.seller;
  const bank =
    kind === "proforma_invoice" && s?.bankAccountNumber
      ? [
          `Bank details for payment: ${[s.bankAccountName, s.bankName, `A/c ${s.bankAccountNumber}`, s.bankIfsc ? `IFSC ${s.bankIfsc}` : null, s.bankSwift ? `SWIFT ${s.bankSwift}` : null].filter(Boolean).join(", ")}`,
        ]
      : [];
  return {
    title: kind === "proforma_invoice" ? "PROFORMA INVOICE" : "COMMERCIAL INVOICE",
    heading: [
      [kind === "proforma_invoice" ? "Proforma invoice No." : "Invoice No.", number],
      [kind === "proforma_invoice" ? "Date" : "Invoice date", issueDate(at)],
      ["Order reference", order.id.slice(0, 8).toUpperCase()],
      ...(kind === "commercial_invoice" && order.billOfLading
        ? ([["Bill of lading / AWB", order.billOfLading]] as [string, string][])
        : []),
    ],
    parties: [
      { label: "Exporter / shipper (seller)", lines: exporterLines(facts) },
      { label: "Buyer (sold to)", lines: buyerLines(facts) },
      { label: "Consignee (ship to)", lines: consigneeLines(facts) },
      { label: "Notify party", lines: notifyLines(facts) },
    ],
    terms: [
      ["Time and place of sale", saleText(facts)],
      ["Incoterm and place", incotermText(facts)],
      ["Currency", line.currency === "INR" ? "INR (Indian rupee)" : "USD (US dollar)"],
      ["Exchange rate", rateText(facts)],
      [
        "Payment terms",
        order.paymentTerms
          ? order.paymentTerms === "other" && order.paymentTermsOther
            ? order.paymentTermsOther
            : PAYMENT_TERMS_LABELS[order.paymentTerms]
          : "As agreed in the quote",
      ],
      ["Country of origin", "India"],
      ["Manufacturer", manufacturerText(facts)],
      ["Port of loading", portOfLoading(facts)],
      ["Port of discharge", portOfDischarge(facts)],
      ["Port of entry", portOfDischarge(facts)],
      ["Final destination", "United States of America"],
      ...(order.shipMode
        ? ([["Mode of transport", order.shipMode === "air" ? "Air" : "Sea"]] as [string, string][])
        : []),
      ...(kind === "commercial_invoice" && order.carrier ? ([["Carrier", order.carrier]] as [string, string][]) : []),
      ...(kind === "commercial_invoice"
        ? ([["Vessel / flight", order.vesselOrFlight || "As per bill of lading / air waybill"]] as [string, string][])
        : []),
      ["Marks and numbers", marksAndNumbers(facts)],
      ...(kind === "commercial_invoice" && facts.packing
        ? ([
            ["Packages", `${facts.packing.packages.toLocaleString("en-US")} cartons`],
            [
              "Weights",
              `Net ${gramsToKg(facts.packing.netWeightGrams)} kg, gross ${gramsToKg(facts.packing.grossWeightGrams)} kg`,
            ],
          ] as [string, string][])
        : []),
      ...(kind === "proforma_invoice" && order.leadTimeDays
        ? ([["Lead time", `${order.leadTimeDays} days`]] as [string, string][])
        : []),
    ],
    table: {
      columns: [
        { label: "Description of goods", width: 34 },
        { label: "HTSUS No.", width: 14 },
        { label: "Quantity", width: 14, align: "right" },
        { label: "Unit price", width: 18, align: "right" },
        { label: "Amount", width: 22, align: "right" },
      ],
      rows: [
        [
          goodsDescription(facts),
          htsText(facts),
          `${order.quantity.toLocaleString("en-US")} ${order.unit}`,
          amount(line.unit, line.currency),
          amount(line.total, line.currency),
        ],
      ],
      totals,
    },
    notes: [
      "Country of origin: India",
      ...(facts.htsDescription ? [`HTSUS ${formatHtsCode(order.hsCode!)}: ${facts.htsDescription}`] : []),
      `Charges: ${chargesText(facts).join("; ")}.`,
      "Rebates, drawbacks and bounties: None. Assists (19 CFR 141.86(a)(11)): None.",
      // the schedule the order page and the e-mails state, from the order's own milestones (record 0042)
      ...(kind === "proforma_invoice" && facts.milestones.length > 0
        ? [`Payment schedule (USD): ${scheduleLines(facts.milestones, (cents) => amount(cents, "USD")).join(" ")}`]
        : []),
      ...bank,
      kind === "proforma_invoice"
        ? "This proforma invoice is not a tax invoice; the commercial invoice follows at shipment."
        : "We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct.",
    ],
    declaration:
      kind === "commercial_invoice" && commercialLut
        ? `${LUT_DECLARATION}\nLUT reference: ${commercialLut}`
        : undefined,
    signatory: s?.legalName || facts.sellerCompany || "the exporter",
  };
}

function packingListContent(
  facts: OrderFacts,
  number: string,
  at: Date,
  invoiceNumber: string | null,
): DocumentContent {
  const { order } = facts;
  const p = facts.packing!;
  return {
    title: "PACKING LIST",
    heading: [
      ["Packing list No.", number],
      ["Date", issueDate(at)],
      ...(invoiceNumber ? ([["Invoice No.", invoiceNumber]] as [string, string][]) : []),
      ["Order reference", order.id.slice(0, 8).toUpperCase()],
    ],
    parties: [
      { label: "Exporter / shipper", lines: exporterLines(facts) },
      { label: "Buyer (sold to)", lines: buyerLines(facts) },
      { label: "Consignee (ship to)", lines: consigneeLines(facts) },
      { label: "Notify party", lines: notifyLines(facts) },
    ],
    terms: [
      ["Incoterm and place", incotermText(facts)],
      ["Port of loading", portOfLoading(facts)],
      ["Port of discharge", portOfDischarge(facts)],
      ["Vessel / flight", order.vesselOrFlight || "As per bill of lading / air waybill"],
      ["Country of origin", "India"],
      ["Manufacturer", manufacturerText(facts)],
      ["Final destination", "United States of America"],
      ["Marks and numbers", marksAndNumbers(facts)],
    ],
    table: {
      columns: [
        { label: "Description of goods", width: 26 },
        { label: "HTSUS No.", width: 15 },
        { label: "Quantity", width: 13, align: "right" },
        { label: "Packages", width: 10, align: "right" },
        { label: "Net weight", width: 12, align: "right" },
        { label: "Gross weight", width: 12, align: "right" },
        { label: "Dimensions (each)", width: 16, align: "right" },
      ],
      rows: [
        [
          goodsDescription(facts),
          htsText(facts),
          `${order.quantity.toLocaleString("en-US")} ${order.unit}`,
          p.packages.toLocaleString("en-US"),
          `${gramsToKg(p.netWeightGrams)} kg`,
          `${gramsToKg(p.grossWeightGrams)} kg`,
          `${Number(p.lengthCm)} × ${Number(p.widthCm)} × ${Number(p.heightCm)} cm`,
        ],
      ],
      totals: [
        ["Total packages", p.packages.toLocaleString("en-US")],
        ["Total net weight", `${gramsToKg(p.netWeightGrams)} kg`],
        ["Total gross weight", `${gramsToKg(p.grossWeightGrams)} kg`],
      ],
    },
    notes: ["Country of origin: India"],
    signatory: exporterName(facts),
  };
}

/**
 * Issues one document of an order, once: under the seller's advisory lock (one numbering at a time), a document that
 * exists is returned as it is, never regenerated. The PDF is stored under a key of its own before the row that names
 * it commits; a rolled-back attempt leaves at most an unnamed file. Returns null when the order is not at the stage
 * yet (or has no packing details for a packing list).
 */
async function issueDocument(db: Db, storage: BlobStorage, orderId: string, kind: OrderDocumentKind, at: Date) {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId);
    if (!order || !ISSUED_FROM[kind].includes(order.status)) return null;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-documents:${order.sellerId}`}))`);
    const [existing] = await tx
      .select()
      .from(orderDocuments)
      .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, kind)))
      .limit(1);
    if (existing) return existing;
    const facts = await readOrderFacts(tx, orderId);
    if (!facts || (kind === "packing_list" && !facts.packing)) return null;
    const documentNumber = await nextDocumentNumber(tx, order.sellerId, kind, at);
    let content: DocumentContent;
    if (kind === "packing_list") {
      const [invoice] = await tx
        .select({ number: orderDocuments.documentNumber })
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, "commercial_invoice")))
        .limit(1);
      content = packingListContent(facts, documentNumber, at, invoice?.number ?? null);
    } else {
      content = invoiceContent(kind, facts, documentNumber, at, lutInForce(facts, at));
    }
    const bytes = await renderDocumentPdf(content, at);
    const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
    const storageKey = `${PRIVATE_ORDER_DOCUMENTS_PREFIX}${orderId}/${kind}-${crypto.randomBytes(8).toString("hex")}.pdf`;
    await storage.put(storageKey, bytes, "application/pdf");
    const [row] = await tx
      .insert(orderDocuments)
      .values({ orderId, sellerId: order.sellerId, kind, documentNumber, storageKey, sha256, createdAt: at })
      .returning();
    return row!;
  });
}

/**
 * The job: issues the documents of the stage the order reached. Safe to run any number of times; a document
 * already issued stays exactly as it was (same bytes, same sha256).
 */
export async function generateOrderDocuments(
  db: Db,
  storage: BlobStorage,
  orderId: string,
  stage: OrderDocumentStage,
  now = new Date(),
) {
  if (!isUuid(orderId)) return [];
  const issued = [];
  // the commercial invoice before the packing list, which names its number
  for (const kind of STAGE_KINDS[stage]) {
    const row = await issueDocument(db, storage, orderId, kind, now);
    if (row) issued.push(row);
  }
  return issued;
}

export type OrderDocumentsPanel = {
  orderId: string;
  viewerIsSeller: boolean;
  documents: OrderDocumentView[];
  /** the kinds not issued yet, to say when they will be */
  pending: OrderDocumentKind[];
  packing: PackingDetailsView | null;
  /** whether the seller may still enter or change the packing details */
  packingEditable: boolean;
  /** the order has shipped: a packing list still missing will not come (no packing details were entered) */
  shipped: boolean;
};

/** The order's documents and packing details for its buyer or seller; null for anyone else. */
export async function getOrderDocumentsPanel(
  db: Db,
  actor: SessionUser,
  orderId: string,
): Promise<OrderDocumentsPanel | null> {
  const party = await orderParty(db, actor, orderId);
  if (!party) return null;
  const [documents, [packing]] = await Promise.all([
    db
      .select({
        kind: orderDocuments.kind,
        documentNumber: orderDocuments.documentNumber,
        createdAt: orderDocuments.createdAt,
      })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId)),
    db.select().from(orderPackingDetails).where(eq(orderPackingDetails.orderId, orderId)).limit(1),
  ]);
  const order = (kind: OrderDocumentKind) => ORDER_DOCUMENT_KINDS.indexOf(kind);
  const issued = documents
    .sort((a, b) => order(a.kind) - order(b.kind))
    .map((d) => ({
      kind: d.kind,
      documentNumber: d.documentNumber,
      createdAt: d.createdAt.toISOString(),
      href: `/orders/${orderId}/documents/${d.kind}`,
    }));
  const inactive = party.status === "declined" || party.status === "cancelled";
  return {
    orderId,
    viewerIsSeller: party.role === "seller",
    documents: issued,
    pending: inactive ? [] : ORDER_DOCUMENT_KINDS.filter((kind) => !issued.some((d) => d.kind === kind)),
    packing: packing
      ? {
          packages: packing.packages,
          netKg: gramsToKg(packing.netWeightGrams),
          grossKg: gramsToKg(packing.grossWeightGrams),
          lengthCm: String(Number(packing.lengthCm)),
          widthCm: String(Number(packing.widthCm)),
          heightCm: String(Number(packing.heightCm)),
        }
      : null,
    packingEditable: party.role === "seller" && (PACKING_EDITABLE as readonly string[]).includes(party.status),
    shipped: ["shipped", "delivered", "completed", "disputed"].includes(party.status),
  };
}

/** "CI-2026-27-0001-commercial-invoice.pdf": a file name of safe characters only. */
function fileNameOf(kind: OrderDocumentKind, documentNumber: string): string {
  return `${documentNumber.replace(/[^A-Za-z0-9-]+/g, "-")}-${kind.replace(/_/g, "-")}.pdf`;
}

/**
 * An issued document's PDF, exactly as stored, for the order's buyer or seller; null (404) for anyone else and for a
 * document not issued yet. A stored file whose sha256 no longer matches is refused rather than served.
 */
export async function readOrderDocument(
  db: Db,
  storage: BlobStorage,
  actor: SessionUser,
  orderId: string,
  kind: string,
) {
  if (!(ORDER_DOCUMENT_KINDS as readonly string[]).includes(kind)) return null;
  const party = await orderParty(db, actor, orderId);
  if (!party) return null;
  const [row] = await db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, kind as OrderDocumentKind)))
    .limit(1);
  if (!row) return null;
  const object = await storage.get(row.storageKey);
  if (!object) return null;
  if (crypto.createHash("sha256").update(object.bytes).digest("hex") !== row.sha256)
    throw new Error(`stored document ${row.id} does not match its sha256`);
  return { bytes: object.bytes, fileName: fileNameOf(row.kind, row.documentNumber), sha256: row.sha256 };
}

const PACKING_NOT_YET = "Confirm the order first: packing details are entered once it is confirmed.";
const PACKING_TOO_LATE = "This order has left the warehouse: its packing details can no longer change.";
const packingRefused = (status: number, message: string): CommandRefusal => ({
  ok: false,
  status,
  message,
  fieldErrors: {},
});

/**
 * Why the actor may not enter the order's packing details now, or null: not the order's seller (404), or a stage that
 * does not take them (409). Asked before the form is read, so that the refusal does not depend on what was posted.
 */
export async function packingRefusal(db: Db, actor: SessionUser, orderId: string): Promise<CommandRefusal | null> {
  const party = await orderParty(db, actor, orderId);
  if (!party || party.role !== "seller") return packingRefused(404, "Order not found");
  if (!(PACKING_EDITABLE as readonly string[]).includes(party.status))
    return packingRefused(409, party.status === "placed" ? PACKING_NOT_YET : PACKING_TOO_LATE);
  return null;
}

/**
 * The seller enters (or corrects) the packing details (the form as packingDetailsSchema reads it), from
 * confirmation until the order is ready to ship.
 */
export async function savePackingDetails(
  db: Db,
  actor: SessionUser,
  orderId: string,
  d: PackingDetailsInput,
): Promise<CommandResult> {
  const refusal = await packingRefusal(db, actor, orderId);
  if (refusal) return refusal;
  const row = {
    packages: d.packages,
    netWeightGrams: kgToGrams(d.netKg),
    grossWeightGrams: kgToGrams(d.grossKg),
    lengthCm: d.lengthCm,
    widthCm: d.widthCm,
    heightCm: d.heightCm,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  const saved = await db.transaction(async (tx) => {
    // the status is read again under a row lock: a shipment committing meanwhile must not get details changed under it
    const status = await lockOrderStatus(tx, orderId);
    if (!status || !(PACKING_EDITABLE as readonly string[]).includes(status)) return false;
    await tx
      .insert(orderPackingDetails)
      .values({ orderId, ...row })
      .onConflictDoUpdate({ target: orderPackingDetails.orderId, set: row });
    return true;
  });
  if (!saved) return packingRefused(409, "This order changed meanwhile; please reload.");
  return { ok: true, message: "Packing details saved", value: undefined };
}

/** The seller's details each document prints: the exporter's lines on all, the bank for payment on the proforma. */
const PRINTED_DETAILS = ["legalName", "registeredAddress", "gstin", "iec"];
const PRINTED_BANK_DETAILS = ["bankAccountName", "bankName", "bankAccountNumber", "bankIfsc", "bankSwift"];

/**
 * An administrator approved a change of a seller's verified details (issue #38): the buyer and the seller of every
 * open order whose documents were issued before, under the earlier details, are told which printed details changed
 * (in the approval's transaction). Issued documents are never regenerated.
 */
export async function noticeDocumentsIssuedUnderEarlierDetails(
  tx: Db,
  notifier: Notifier,
  change: ApprovedDetailsChange,
): Promise<void> {
  const issued = await tx
    .select({ orderId: orderDocuments.orderId, kind: orderDocuments.kind })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.sellerId, change.sellerId), lt(orderDocuments.createdAt, change.approvedAt)));
  const buyerOf = await openOrderBuyers(tx, [...new Set(issued.map((r) => r.orderId))]);
  const rows = issued.flatMap((r) => {
    const buyerId = buyerOf.get(r.orderId);
    return buyerId ? [{ ...r, buyerId }] : [];
  });
  const byOrder = Map.groupBy(rows, (r) => r.orderId);
  for (const [orderId, documents] of byOrder) {
    const withProforma = documents.some((d) => d.kind === "proforma_invoice");
    const printed = change.changes.filter(
      (c) => PRINTED_DETAILS.includes(c.field) || (withProforma && PRINTED_BANK_DETAILS.includes(c.field)),
    );
    if (printed.length === 0) continue;
    const bankChanged = printed.some((c) => PRINTED_BANK_DETAILS.includes(c.field));
    const reference = orderId.slice(0, 8).toUpperCase();
    const title = `Order ${reference}: the supplier's verified details changed after its documents were issued`;
    const body =
      `Setu verified a change to ${change.companyName}'s ${printed.map((c) => c.label.toLowerCase()).join(", ")}. ` +
      `This order's documents were issued before and still show the earlier details.` +
      (bankChanged
        ? " The bank account for payment on its proforma invoice is no longer the verified one: confirm the account with the supplier in Setu's messages before paying."
        : "");
    // the same in the recipient's language (record 0058): the company's name as it is, the details by their keys
    const params = {
      reference,
      company: change.companyName,
      details: { list: printed.map((c) => ({ key: `emails:detail.${c.field}` as const })), separator: ", " },
      bank: bankChanged ? { key: "emails:detailsChanged.bank" as const } : "",
    };
    for (const userId of [documents[0]!.buyerId, change.sellerId])
      await notify(tx, notifier, {
        userId,
        kind: "order_status",
        title,
        body,
        href: `/orders/${orderId}`,
        eventKey: `details-changed:${change.requestId}:${orderId}`,
        translated: { title: "emails:detailsChanged.title", body: "emails:detailsChanged.body", params },
        email: {
          subject: title,
          text: body,
          translated: { subject: "emails:detailsChanged.title", text: "emails:detailsChanged.body", params },
        },
      });
  }
}
