import { products } from "~/db/schema/products";

/** The product columns every product card shows (marketplace, categories, home, store pages): select them with these. */
export const productCardColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  priceMinCents: products.priceMinCents,
  priceMaxCents: products.priceMaxCents,
  minimumOrderQuantity: products.minimumOrderQuantity,
  unit: products.unit,
  images: products.images,
};
