import type { ComponentProps } from "react";
import { ProductCard } from "./product-card";

/** Product cards in the marketplace's grid: one column on phones, four on wide screens. */
export function ProductGrid({ products }: { products: ComponentProps<typeof ProductCard>["product"][] }) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </div>
  );
}
