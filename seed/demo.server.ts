/**
 * The demo's builder: it reads the demo data (seed/demo-data/: suppliers with their stores and products, buyers,
 * RFQs with quotes, conversations) and makes it into accounts, stores, products, RFQs, quotes, matches, messages,
 * orders (demo-orders.server.ts) and pictures (demo-images.server.ts), once, on a database with no profiles yet.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, sellerBusinessDetails } from "~/db/schema/profiles";
import { splitCategory } from "~/lib/categories";
import { createProducts, type ProductOverrides } from "./factories/products";
import { BUYERS } from "./demo-data/buyers";
import { CONVERSATIONS } from "./demo-data/conversations";
import { RFQS } from "./demo-data/rfqs";
import { SUPPLIERS } from "./demo-data/suppliers";
import type { DemoSupplier } from "./demo-data/types";
import { rfqMatches } from "~/db/schema/matching";
import { seedDemoOrders } from "./demo-orders.server";
import { seedDemoDirectInquiry } from "./demo-inquiries.server";
import { generateOrderDocuments } from "~/modules/order-documents/order-documents.server";
import { rankSuppliersForRfq } from "~/modules/matching/matching.server";
import { createQuotes, createRfqs, dateFromToday, type QuoteOverrides } from "./factories/rfqs";
import { addProductsToStore, createStore } from "./factories/stores";
import { createConversation, type HistoryMessage } from "./factories/message-history";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { user as userTable } from "~/db/schema/auth";
import { fxRates } from "~/db/schema/trade";
import { addPasswordLogin, createBuyer, createSeller } from "./factories/users";
import type { BlobStorage } from "~/modules/uploads/storage.server";
import { productPriceTiers } from "~/db/schema/products";
import { minorFromDecimalNumber } from "~/lib/money-minor";
import {
  motifFor,
  renderDemoPictures,
  renderStoreArtwork,
  storeDemoPictures,
  storeStoreArtwork,
} from "./demo-images.server";

/** Hours between two demo products' listing times: the whole catalogue fits in 28 days (New Arrivals: 30). */
const LISTING_STEP_HOURS = Math.floor(
  (28 * 24) / (Math.max(...SUPPLIERS.map((s) => s.products.length)) * SUPPLIERS.length),
);

/** Every demo account signs in with this password (listed in the README; demo data only). */
export const DEMO_PASSWORD = "SetuDemo!2026";

export const DEMO_FX_RATE = {
  inrPerUsd: "88.4500",
  source: "fbil" as const,
  note: "Demo data: an example rate, not a published FBIL figure",
};

/** The demo buyers as others might learn of them: the crawl of public pages looks for these names (issue #41). */
export const DEMO_BUYER_NAMES: readonly { fullName: string; companyName: string }[] = BUYERS.map(
  ({ fullName, companyName }) => ({ fullName, companyName }),
);

export const DEMO_ADMIN = { email: "admin@setu.example", fullName: "Meera Iyer", companyName: "Setu Trust & Safety" };

/** The accounts the demo data creates, for giving them passwords and listing them in the README. */
export const DEMO_ACCOUNTS: readonly { email: string; role: "seller" | "buyer" | "admin"; company: string }[] = [
  ...SUPPLIERS.map((s) => ({ email: s.email, role: "seller" as const, company: s.companyName })),
  ...BUYERS.map((b) => ({ email: b.email, role: "buyer" as const, company: b.companyName })),
  { email: DEMO_ADMIN.email, role: "admin" as const, company: DEMO_ADMIN.companyName },
];

/** The demo suppliers' store names (tests tell the demo stores from the ones other tests create). */
export const DEMO_STORE_NAMES: readonly string[] = SUPPLIERS.map((s) => s.store.name);

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const FEATURED_PER_STORE = 3;

/** The demo's prices are written in dollars (0.65); read exactly into cents by money's one parser. */
function cents(usd: number): number {
  const minor = minorFromDecimalNumber(usd);
  if (minor === null) throw new RangeError(`not an amount: ${usd}`);
  return minor;
}

/** Loads the demo data into a database that has no profiles yet. Returns whether it did. */
/** Advisory lock key for seeding (the migration lock in app/db/client.server.ts is 7310452). */
const SEED_LOCK_KEY = 7310453;

const pictureList = (supplier: DemoSupplier) =>
  supplier.products.map((p) => ({
    category: supplier.category,
    subcategory: p.picture,
    color: supplier.store.primaryColor,
    motif: motifFor(p.name),
  }));

/** The demo's drawings, rendering (or read from `imageCacheDir`): every product's picture, every store's artwork. */
function drawDemoPictures(imageCacheDir?: string) {
  return {
    pictures: renderDemoPictures(SUPPLIERS.flatMap(pictureList), imageCacheDir),
    artwork: SUPPLIERS.map((supplier) =>
      renderStoreArtwork(supplier.store.primaryColor, supplier.category, pictureList(supplier), imageCacheDir),
    ),
  };
}

/**
 * Renders the demo's drawings into `imageCacheDir` (those not there yet): what a machine's first seed does besides
 * loading the data (decision record 0030).
 */
export async function drawDemoPicturesInto(imageCacheDir: string): Promise<void> {
  const { pictures, artwork } = drawDemoPictures(imageCacheDir);
  await Promise.all([pictures, ...artwork]);
}

/**
 * With `storage`, every demo product gets a picture and every demo store a logo and a hero banner (stored as
 * uploads of their suppliers). `imageCacheDir` keeps the rendered drawings for the next seed (decision record 0030).
 */
export async function seedDemoDataIfEmpty(db: Db, storage?: BlobStorage, imageCacheDir?: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles);
  if (row && row.n > 0) return false;
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Several instances may start together on one new database: one seeds, the others wait and find it done.
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(profiles);
    if (again && again.n > 0) return false;
    // Products' pictures and stores' logos and banners, rendered off the main thread while the suppliers go in;
    // stored once they have ids.
    const drawings = storage ? drawDemoPictures(imageCacheDir) : null;
    const pictures = drawings?.pictures ?? null;
    const artwork = drawings?.artwork ?? null;
    // awaited below: this only keeps a failure meanwhile from counting as unhandled
    pictures?.catch(() => {});
    artwork?.forEach((drawing) => drawing.catch(() => {}));
    const sellerIds = new Map<string, string>();
    const productLists: ProductOverrides[] = [];
    const storeBySeller = new Map<string, string>();

    for (const [supplierIndex, supplier] of SUPPLIERS.entries()) {
      const joined = ago((200 + supplierIndex * 30) * DAY_MS);
      const { user } = await createSeller(tx, {
        email: supplier.email,
        fullName: supplier.fullName,
        companyName: supplier.companyName,
        phone: supplier.phone,
        verificationStatus: "verified",
        createdAt: joined,
      });
      sellerIds.set(supplier.key, user.id);
      const images = storage && artwork ? await storeStoreArtwork(storage, user.id, await artwork[supplierIndex]!) : {};
      const store = await createStore(tx, {
        sellerId: user.id,
        ...supplier.store,
        ...images,
        verificationStatus: "verified",
        status: "active",
        sections: [
          {
            id: "featured-products",
            type: "product-section",
            order: 0,
            title: "Featured Products",
            show_featured: true,
            product_limit: 8,
          },
        ],
        createdAt: new Date(joined.getTime() + DAY_MS),
      });
      storeBySeller.set(user.id, store.id);
      for (const [productIndex, product] of supplier.products.entries()) {
        productLists.push({
          sellerId: user.id,
          name: product.name,
          description: product.description,
          ...splitCategory(product.category)!,
          tags: product.tags,
          priceMinCents: cents(product.price[0]),
          priceMaxCents: cents(product.price[1]),
          minimumOrderQuantity: product.moq,
          unit: product.unit,
          hsCode: product.hsCode ?? null,
          material: product.material ?? product.specs.material ?? null,
          manufacturer: product.manufacturer ?? null,
          originPort: product.originPort ?? null,
          specifications: { brand: supplier.brand, ...product.specs, origin: "India" },
          status: "active",
          // Interleaved so that "newest first" shows a mix of suppliers, all within New Arrivals' 30 days.
          createdAt: ago(((productIndex * SUPPLIERS.length + supplierIndex) * LISTING_STEP_HOURS + 1) * HOUR_MS),
        });
      }
    }

    if (storage && pictures) {
      const rendered = await pictures;
      const urls = await storeDemoPictures(
        storage,
        rendered.map((picture, i) => ({ ...picture, sellerId: productLists[i]!.sellerId })),
      );
      productLists.forEach((product, i) => (product.images = [urls[i]!]));
    }
    const created = await createProducts(tx, productLists);
    const demoProducts = SUPPLIERS.flatMap((supplier) => supplier.products);
    const tiers = created.flatMap((product, i) =>
      (demoProducts[i]!.tiers ?? []).map(([minQuantity, usd]) => ({
        productId: product.id,
        minQuantity,
        unitPriceCents: cents(usd),
      })),
    );
    if (tiers.length) await tx.insert(productPriceTiers).values(tiers);
    const positionInStore = new Map<string, number>();
    await addProductsToStore(
      tx,
      created.map((product) => {
        const displayOrder = positionInStore.get(product.sellerId) ?? 0;
        positionInStore.set(product.sellerId, displayOrder + 1);
        return {
          storeId: storeBySeller.get(product.sellerId)!,
          productId: product.id,
          displayOrder,
          featured: displayOrder < FEATURED_PER_STORE,
        };
      }),
    );

    const buyerIds = new Map<string, string>();
    for (const [buyerIndex, buyer] of BUYERS.entries()) {
      const { user } = await createBuyer(tx, {
        email: buyer.email,
        fullName: buyer.fullName,
        companyName: buyer.companyName,
        phone: buyer.phone,
        verificationStatus: buyer.verificationStatus,
        createdAt: ago((60 + buyerIndex * 15) * DAY_MS),
      });
      buyerIds.set(buyer.key, user.id);
    }

    const admin = await createBuyer(tx, {
      email: DEMO_ADMIN.email,
      fullName: DEMO_ADMIN.fullName,
      companyName: DEMO_ADMIN.companyName,
      verificationStatus: "verified",
      createdAt: ago(400 * DAY_MS),
    });
    await tx.update(userTable).set({ role: "admin" }).where(eq(userTable.id, admin.user.id));
    for (const id of [...sellerIds.values(), ...buyerIds.values(), admin.user.id])
      await addPasswordLogin(tx, id, passwordHash);
    // an INR/USD rate in force, so that suppliers can quote in rupees from the start
    await tx
      .insert(fxRates)
      .values({ ...DEMO_FX_RATE, rateDate: dateFromToday(-2), createdBy: admin.user.id, createdAt: ago(2 * DAY_MS) });

    const rfqRows = await createRfqs(
      tx,
      RFQS.map((rfq) => ({
        buyerId: buyerIds.get(rfq.buyer)!,
        title: rfq.title,
        description: rfq.description,
        category: rfq.category,
        quantity: rfq.quantity,
        unit: rfq.unit,
        budgetMinCents: cents(rfq.budget[0]),
        budgetMaxCents: cents(rfq.budget[1]),
        deadline: dateFromToday(rfq.deadlineInDays),
        timeZone: BUYERS.find((b) => b.key === rfq.buyer)!.timeZone,
        deliveryLocation: rfq.deliveryLocation,
        specifications: rfq.details === null ? null : { details: rfq.details },
        status: "published",
        createdAt: ago(rfq.postedDaysAgo * DAY_MS),
      })),
    );
    const rfqIdByTitle = new Map(rfqRows.map((r) => [r.title, r.id]));

    const quotes: QuoteOverrides[] = RFQS.flatMap((rfq) =>
      rfq.quotes.map((quote) => ({
        rfqId: rfqIdByTitle.get(rfq.title)!,
        sellerId: sellerIds.get(quote.supplier)!,
        priceCents: cents(quote.price),
        quantity: quote.quantity ?? rfq.quantity,
        deliveryTimeline: quote.deliveryTimeline,
        terms: quote.terms,
        status: "submitted",
        createdAt: ago((rfq.postedDaysAgo - quote.daysAfterPosting) * DAY_MS + HOUR_MS),
      })),
    );
    await createQuotes(tx, quotes);
    // the demo RFQs were matched to suppliers when they were posted (issue #23): "Matched for you" is not empty
    for (const rfq of rfqRows) {
      const matches = await rankSuppliersForRfq(tx, rfq.id);
      if (matches.length)
        await tx.insert(rfqMatches).values(
          matches.map((m) => ({
            rfqId: rfq.id,
            sellerId: m.sellerId,
            score: m.score,
            productNames: m.productNames,
            createdAt: rfq.createdAt,
          })),
        );
    }

    // a direct inquiry from the demo buyer to the demo supplier (issue #41.3): its "Direct inquiries" tab is not empty
    await seedDemoDirectInquiry(tx, {
      products: created,
      buyerId: buyerIds.get("brooklyn")!,
      timeZone: BUYERS.find((b) => b.key === "brooklyn")!.timeZone,
      now,
    });

    const productsBySeller = Map.groupBy(created, (product) => product.sellerId);
    for (const talk of CONVERSATIONS) {
      const sellerId = sellerIds.get(talk.supplier)!;
      const product = productsBySeller.get(sellerId)![talk.product]!;
      const asked = ago(talk.daysAgo * DAY_MS);
      const history: HistoryMessage[] = [{ from: "buyer", at: asked, body: talk.question }];
      if (talk.replyAfterHours !== null)
        history.push({
          from: "seller",
          at: new Date(asked.getTime() + talk.replyAfterHours * HOUR_MS),
          body: talk.answer,
        });
      const last = history.at(-1)!.at;
      await createConversation(tx, {
        buyerId: buyerIds.get(talk.buyer)!,
        sellerId,
        subjectType: "product",
        subjectId: product.id,
        messages: history,
        buyerReadAt: last,
        sellerReadAt: talk.replyAfterHours === null ? null : last,
      });
    }
    // a verified supplier's registration, export and bank details (/profile; export documents print them)
    await tx.insert(sellerBusinessDetails).values({
      userId: sellerIds.get("shakti")!,
      legalName: "Shakti Textiles Private Limited",
      registeredAddress: "45 Kumaran Road, Tiruppur 641601, Tamil Nadu, India",
      gstin: "33AAKCS4821M1Z3",
      iec: "AAKCS4821M",
      registrationNumber: "U17120TZ2009PTC015432",
      lutReference: "AD3303240098765",
      lutValidUntil: `${new Date(now).getUTCFullYear() + 1}-03-31`,
      bankAccountName: "Shakti Textiles Pvt Ltd",
      bankName: "State Bank of India, Tiruppur Main",
      bankAccountNumber: "32145678901",
      bankIfsc: "SBIN0000929",
      bankSwift: "SBININBB474",
    });
    await tx.insert(sellerBusinessDetails).values([
      {
        userId: sellerIds.get("malabar")!,
        legalName: "Malabar Spice Exports Private Limited",
        registeredAddress: "Door 21/604, Willingdon Island, Kochi 682003, Kerala, India",
        gstin: "32AAGCM7314K1Z8",
        iec: "AAGCM7314K",
        registrationNumber: "U51909KL2011PTC028811",
        lutReference: "AD3203240045671",
        lutValidUntil: `${new Date(now).getUTCFullYear() + 1}-03-31`,
        bankAccountName: "Malabar Spice Exports Pvt Ltd",
        bankName: "Federal Bank, Kochi Main",
        bankAccountNumber: "14560200008812",
        bankIfsc: "FDRL0001456",
        bankSwift: "FDRLINBBIBD",
      },
      {
        userId: sellerIds.get("deccan")!,
        legalName: "Deccan Auto Components Private Limited",
        registeredAddress: "Plot 37, MIDC Bhosari, Pune 411026, Maharashtra, India",
        gstin: "27AAECD5521P1Z4",
        iec: "AAECD5521P",
        registrationNumber: "U34300PN2006PTC022417",
        lutReference: null,
        bankAccountName: "Deccan Auto Components Pvt Ltd",
        bankName: "Bank of Maharashtra, Bhosari",
        bankAccountNumber: "60211345678",
        bankIfsc: "MAHB0000871",
        bankSwift: "MAHBINBBPUN",
      },
    ]);
    return seedDemoOrders(tx, sellerIds, buyerIds);
  });
  if (!seeded) return false;
  // the demo orders' export documents, issued as the job issues them when an order reaches each stage
  if (storage)
    for (const { orderId, stages } of seeded)
      for (const stage of stages) await generateOrderDocuments(db, storage, orderId, stage);
  return true;
}
