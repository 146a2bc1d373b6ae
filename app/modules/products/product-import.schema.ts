/**
 * One product as a spreadsheet import plans it (issue #42): checked by the catalogue-import domain, written by
 * products' upsertImportedProduct. Prices are US cents; `category` is any slug of the category tree; `images` are
 * the stored pictures' URLs. A product without variants has its own price (and `lowestPriceCents` when its price is
 * a range) and price breaks; a product with variants has one price and ladder per variant.
 */
export type ImportedProduct = {
  baseSku: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  moq: number;
  priceCents: number;
  lowestPriceCents: number | null;
  hsCode: string | null;
  /** customs goods fields (record 0053); undefined when the sheet had no such column: the stored value stays */
  material?: string | null;
  manufacturer?: string | null;
  weightKg: number | null;
  dimensionsCm: { length: number | null; width: number | null; height: number | null } | null;
  originCountry: string;
  originState: string;
  specifications: { name: string; value: string }[];
  tags: string[];
  images: string[];
  tiers: { minQuantity: number; unitPriceCents: number }[];
  variants: {
    sku: string;
    color: string;
    size: string;
    priceCents: number;
    tiers: { minQuantity: number; unitPriceCents: number }[];
  }[];
};
