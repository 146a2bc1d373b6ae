/**
 * base_sku (spec §3): first 3 letters of the seller or store name, first 6 letters of the
 * product name (non-letters removed), the last 4 digits of a timestamp, and an optional suffix.
 */
export function generateBaseSku(ownerName: string, productName: string, timestamp = Date.now(), suffix = ""): string {
  const letters = (text: string) => text.toUpperCase().replace(/[^A-Z]/g, "");
  const owner = (letters(ownerName).slice(0, 3) || "SET").padEnd(3, "X");
  const product = (letters(productName).slice(0, 6) || "ITEM").padEnd(3, "X");
  const digits = String(timestamp).slice(-4).padStart(4, "0");
  return [owner, product, digits, suffix ? letters(suffix) || suffix : ""].filter(Boolean).join("-");
}

/** Variant SKUs: the base SKU with a VAR suffix and the variant's position. */
export function variantSku(baseSku: string, index: number): string {
  return `${baseSku}-VAR${index + 1}`;
}
