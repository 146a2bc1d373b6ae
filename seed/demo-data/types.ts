import type { StoreAddress } from "~/db/schema/stores";
import type { CategorySlug, ProductCategory } from "~/lib/categories";
import type { Unit } from "~/lib/units";

/**
 * The shapes of the demo data (seed/demo-data/*.ts): what the demo's builder (seed/demo.server.ts) reads to make
 * accounts, stores, products, RFQs, quotes and conversations.
 */

export type DemoProduct = {
  name: string;
  /** where the product is filed: a subcategory of the tree, or a top category alone */
  category: CategorySlug;
  /** what its demo picture draws (demo-images.server.ts) */
  picture: string;
  description: string;
  /** USD per unit, [min, max] */
  price: [number, number];
  moq: number;
  unit: Unit;
  tags: string[];
  specs: Record<string, string>;
  /**
   * HTSUS number, digits only: 10 digits of the hts_codes table (migration 0042); a few keep the 6-digit HS code
   * products had before 10 digits were required (record 0053). And the Indian port it ships from (a ports.code).
   */
  hsCode?: string;
  /** what customs reads as its material or composition (else specs.material), and its maker when not the supplier */
  material?: string;
  manufacturer?: string;
  originPort?: string;
  /** price breaks for the whole product: [from quantity, USD per unit]; the last is the product's lowest price */
  tiers?: [number, number][];
};

export type DemoSupplier = {
  key: string;
  email: string;
  fullName: string;
  companyName: string;
  phone: string;
  brand: string;
  category: ProductCategory;
  store: {
    name: string;
    tagline: string;
    description: string;
    phone: string;
    email: string;
    website: string;
    address: StoreAddress;
    categories: string[];
    primaryColor: string;
    /** the About page's facts */
    yearFounded: number;
    certifications: string[];
    productionCapacity: string;
  };
  products: DemoProduct[];
};

export type DemoBuyer = {
  key: string;
  /** where the buyer works: its RFQs close at the end of the deadline day there */
  timeZone: string;
  email: string;
  fullName: string;
  companyName: string;
  phone: string;
  verificationStatus: "verified" | "pending";
};

export type DemoRfq = {
  buyer: string;
  title: string;
  description: string;
  category: ProductCategory;
  quantity: number;
  unit: Unit;
  /** USD, whole order */
  budget: [number, number];
  deadlineInDays: number;
  postedDaysAgo: number;
  deliveryLocation: string;
  details: string | null;
  quotes: {
    supplier: string;
    price: number;
    quantity?: number;
    deliveryTimeline: string;
    terms: string | null;
    daysAfterPosting: number;
  }[];
};

/** A buyer's enquiry about one of a supplier's products (its index in the supplier's list) and the reply. */
export type DemoConversation = {
  buyer: string;
  supplier: string;
  product: number;
  daysAgo: number;
  replyAfterHours: number | null;
  question: string;
  answer: string;
};
