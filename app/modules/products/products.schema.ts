export type ProductCardData = {
  id: string;
  name: string;
  description: string;
  category: string;
  priceMinCents: number;
  priceMaxCents: number;
  minimumOrderQuantity: number;
  unit: string;
  images: string[];
  supplierCompany: string | null;
  supplierVerified: boolean;
  /** "Usually replies within N hours" (see response-time.ts); null or absent while not shown */
  supplierReplyHours?: number | null;
  /** the supplier's average rating (one decimal) and review count; null or absent before its first review */
  supplierRating?: { average: number; count: number } | null;
};

/** Home Featured Products: up to 8 (spec §9). */
export const FEATURED_PRODUCTS_LIMIT = 8;
