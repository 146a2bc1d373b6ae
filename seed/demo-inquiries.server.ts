import type { Db } from "~/db/client.server";
import { DEMO_DIRECT_INQUIRY } from "./demo-data/inquiries";
import { createRfq, dateFromToday, type RfqRow } from "./factories/rfqs";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's product as this needs it (a row the seed created). */
type DemoProductRow = {
  id: string;
  sellerId: string;
  name: string;
  category: string;
  subcategory: string | null;
  unit: string;
};

/**
 * Writes the demo's direct inquiry (issue #41 item 3, decision record 0054), from the buyer to the supplier of the
 * named product, as the form stores one: no similar supplier invited, no quote yet.
 */
export async function seedDemoDirectInquiry(
  db: Db,
  {
    products,
    buyerId,
    timeZone,
    now,
  }: { products: readonly DemoProductRow[]; buyerId: string; timeZone: string; now: number },
): Promise<RfqRow> {
  const product = products.find((p) => p.name === DEMO_DIRECT_INQUIRY.productName);
  if (!product) throw new Error(`the demo has no product "${DEMO_DIRECT_INQUIRY.productName}"`);
  const inquiry = DEMO_DIRECT_INQUIRY;
  return createRfq(db, {
    buyerId,
    title: inquiry.title,
    description: inquiry.description,
    category: product.category,
    subcategory: product.subcategory,
    quantity: inquiry.quantity,
    unit: product.unit,
    budgetMinCents: inquiry.budgetCents[0],
    budgetMaxCents: inquiry.budgetCents[1],
    deliveryLocation: inquiry.deliveryLocation,
    deadline: dateFromToday(inquiry.deadlineInDays, new Date(now)),
    timeZone,
    productId: product.id,
    addressedSellerId: product.sellerId,
    inviteSimilar: false,
    status: "published",
    createdAt: new Date(now - inquiry.postedDaysAgo * DAY_MS),
  });
}
