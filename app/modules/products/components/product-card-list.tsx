import type { ProductCardData } from "../products.schema";
import { ProductCard } from "./product-card";

/** A list's product cards (marketplace-products loads it after the page: the cards are links, their code can wait). */
export function ProductCardList({
  items,
  signedIn,
  ownProductIds = [],
}: {
  items: ProductCardData[];
  signedIn: boolean;
  /** the viewer's own products: no Request Quote on them (issue #41.3) */
  ownProductIds?: readonly string[];
}) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-labelledby="marketplace-results-heading">
      {items.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            quote={ownProductIds.includes(product.id) ? undefined : { signedIn }}
            imagePriority={index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
