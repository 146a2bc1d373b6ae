import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { acceptQuote } from "~/modules/rfqs/rfqs.server";
import { localDiskStorage } from "~/modules/uploads/storage.server";
import { createPackingDetails, createSellerBusinessDetails } from "../../../tests/factories/export-orders";
import { forceOrderStatus } from "../../../tests/factories/orders";
import { fobMundraInrQuote } from "../../../tests/factories/trade";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import { createQuote, createRfq } from "../../../seed/factories/rfqs";
import { actorOf, createBuyer, createSeller } from "../../../seed/factories/users";
import { generateOrderDocuments, readOrderDocument } from "./order-documents.server";

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/**
 * A demo-like trade taken the way the product takes it: a quote stating the goods (10-digit HTSUS, material,
 * manufacturer), accepted with a ship-to address and a notify party, packed, and shipped with its vessel and port of
 * discharge. Its commercial invoice must carry every field 19 CFR 141.86(a) asks of a commercial invoice, plus what an
 * Indian exporter's invoice states (IEC, GSTIN).
 */
describe.each(testEngines())("the commercial invoice a customs broker accepts, on %s", (engine) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let notifier: Notifier;
  let storageDir: string;
  let invoice: string;
  let packingList: string;
  let proforma: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ jobs, notifier } = await testNotifier(database));
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-customs-"));
    const storage = localDiskStorage(storageDir);
    const db = database.db;
    const buyer = await createBuyer(db, { companyName: "Café Olé Home Goods LLC", fullName: "José Núñez" });
    const seller = await createSeller(db, { companyName: "Karur Terry Mills" });
    await createSellerBusinessDetails(db, seller.user.id);
    const rfq = await createRfq(db, {
      buyerId: buyer.user.id,
      title: "Towels for our spring range",
      quantity: 1000,
      deliveryLocation: "Brooklyn, NY",
    });
    const quote = await createQuote(db, {
      ...fobMundraInrQuote({ rfqId: rfq.id, sellerId: seller.user.id }),
      status: "submitted",
      hsCode: "6302600020",
      goodsDescription: "Cotton terry hand towels, 40 x 70 cm, dobby border",
      material: "100% cotton terry, 450 gsm",
      manufacturer: "Sri Murugan Weaving Mills, 12 Mill Street, Karur 639002, Tamil Nadu, India",
    });
    const accepted = await acceptQuote(db, actorOf(buyer), quote.id, notifier, {
      shipToName: "Café Olé Home Goods LLC",
      shipToAddress: "Pier 7 Warehouse, 250 Marginal Street\nBrooklyn, NY 11231",
      notifyParty: "Harbor Customs Brokers Inc., 1 Port Plaza, Newark, NJ 07114",
    });
    if (!accepted.ok) throw new Error(accepted.message);
    const orderId = accepted.value.orderId;
    await forceOrderStatus(db, orderId, "ready_to_ship");
    await createPackingDetails(db, orderId);
    await forceOrderStatus(db, orderId, "shipped", {
      carrier: "Maersk Line",
      vesselOrFlight: "Maersk Kinloss 447W",
      portOfDischarge: "New York/Newark (USNYC)",
      billOfLading: "MAEU 5531207",
    });
    await generateOrderDocuments(db, storage, orderId, "shipped", new Date("2026-11-25T09:00:00Z"));
    const read = async (kind: string) =>
      pdfText((await readOrderDocument(db, storage, actorOf(buyer), orderId, kind))!.bytes);
    invoice = await read("commercial_invoice");
    packingList = await read("packing_list");
    proforma = await read("proforma_invoice");
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it("states every field of 19 CFR 141.86(a), read back from the PDF's text", () => {
    // (1) the port of entry
    expect(invoice).toContain("Port of entry New York/Newark (USNYC)");
    // (2) the time and place of sale; the seller's and the buyer's names and addresses
    expect(invoice).toMatch(/Time and place of sale Agreed \d{2} \w{3} \d{4} \(IST\), online through Setu/);
    expect(invoice).toContain("Karur Terry Mills Private Limited 14 Mill Road, Karur Tamil Nadu 639001, India");
    expect(invoice).toContain("BUYER (SOLD TO)");
    expect(invoice).toContain("Café Olé Home Goods LLC Attn: José Núñez Pier 7 Warehouse, 250 Marginal Street");
    // (3) the shipper's and the consignee's names (and the consignee's full address)
    expect(invoice).toContain("EXPORTER / SHIPPER (SELLER)");
    expect(invoice).toContain("CONSIGNEE (SHIP TO)");
    expect(invoice).toMatch(
      /Café Olé Home Goods LLC Pier 7 Warehouse, 250 Marginal Street Brooklyn, NY 11231 United States of America/,
    );
    expect(invoice).toContain("NOTIFY PARTY");
    expect(invoice).toContain("Harbor Customs Brokers Inc., 1 Port Plaza, Newark, NJ 07114");
    // (4) a detailed description of the merchandise: its name, its material, its marks and numbers
    expect(invoice).toContain(
      "Cotton terry hand towels, 40 x 70 cm, dobby border. Material: 100% cotton terry, 450 gsm",
    );
    expect(invoice).not.toContain("Towels for our spring range");
    expect(invoice).toMatch(
      /Marks and numbers CAFÉ OLÉ HOME GOODS LLC \/ PO [0-9A-F]{8} \/ C\/NO\. 1-40 \/ MADE IN INDIA/,
    );
    // (5) the quantities in weights and measures
    expect(invoice).toContain("1,000 pieces");
    expect(invoice).toContain("Packages 40 cartons");
    expect(invoice).toContain("Weights Net 500 kg, gross 540 kg");
    // (6) the purchase price of each item in the currency of purchase; (8) the currency
    expect(invoice).toContain("INR 350.00");
    expect(invoice).toContain("Total (INR) INR 3,50,000.00");
    expect(invoice).toContain("Currency INR (Indian rupee)");
    // (7) all charges, itemized by the Incoterm (FOB: freight and insurance are the buyer's)
    expect(invoice).toContain("Freight to the US: not included: for the buyer's account");
    expect(invoice).toContain("Insurance: not included: for the buyer's account");
    expect(invoice).toContain("Packing: included in the unit price");
    expect(invoice).toContain("FOB Mundra (INMUN), Incoterms 2020");
    // (9) rebates, drawbacks and bounties; (10) the country of origin; (11) assists
    expect(invoice).toContain("Rebates, drawbacks and bounties: None.");
    expect(invoice).toContain("Country of origin India");
    expect(invoice).toContain("Assists (19 CFR 141.86(a)(11)): None.");
    // and what the exporter's and the broker's paperwork need beside it
    expect(invoice).toContain("IEC: AABCK1234M");
    expect(invoice).toContain("GSTIN: 33AABCK1234M1Z5");
    expect(invoice).toContain("Manufacturer Sri Murugan Weaving Mills, 12 Mill Street, Karur 639002");
    expect(invoice).toContain("HTSUS 6302.60.0020");
    expect(invoice).toContain(
      "HTSUS 6302.60.0020: Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Towels: Other",
    );
    expect(invoice).toContain("Port of loading Mundra (INMUN)");
    expect(invoice).toContain("Port of discharge New York/Newark (USNYC)");
    expect(invoice).toContain("Vessel / flight Maersk Kinloss 447W");
    expect(invoice).toContain("Bill of lading / AWB MAEU 5531207");
  });

  it("prints the same goods, parties, marks and weights on the packing list, and the goods on the proforma", () => {
    for (const text of [packingList, proforma]) {
      expect(text).toContain(
        "Cotton terry hand towels, 40 x 70 cm, dobby border. Material: 100% cotton terry, 450 gsm",
      );
      expect(text).toContain("HTSUS 6302.60.0020");
      expect(text).toContain("Brooklyn, NY 11231");
      expect(text).toContain("Manufacturer Sri Murugan Weaving Mills");
    }
    expect(packingList).toContain("Vessel / flight Maersk Kinloss 447W");
    expect(packingList).toContain("Port of discharge New York/Newark (USNYC)");
    expect(packingList).toMatch(/Marks and numbers CAFÉ OLÉ HOME GOODS LLC \/ PO [0-9A-F]{8} \/ C\/NO\. 1-40/);
    expect(packingList).toContain("Total net weight 500 kg");
    expect(packingList).toContain("Total gross weight 540 kg");
    // the amounts agree between the invoices
    expect(proforma).toContain("Total (INR) INR 3,50,000.00");
  });
});
