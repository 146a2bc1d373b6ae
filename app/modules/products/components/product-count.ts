const number = new Intl.NumberFormat("en-US");

/** "1 product", "24 products", "1,000+ products": a count as the marketplace shows it (capped counts end in +). */
export function productCountLabel(total: { count: number; capped: boolean }): string {
  return `${number.format(total.count)}${total.capped ? "+" : ""} ${total.count === 1 && !total.capped ? "product" : "products"}`;
}
