/** order-documents's values, labels and helpers: browser-safe without zod (order-documents.schema.ts re-exports them, route JS budgets). */

export const ORDER_DOCUMENT_KINDS = ["proforma_invoice", "commercial_invoice", "packing_list"] as const;

export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

/** The stage of the order lifecycle that issues documents: confirmation issues the proforma, shipment the rest. */
export type OrderDocumentStage = "confirmed" | "shipped";

export function isOrderDocumentKind(value: string): value is OrderDocumentKind {
  return (ORDER_DOCUMENT_KINDS as readonly string[]).includes(value);
}

/** An issued document as the order page lists it. */
export type OrderDocumentView = { kind: OrderDocumentKind; documentNumber: string; createdAt: string; href: string };

/** The packing details as the form shows them (kilograms and centimetres as typed, decimal strings). */
export type PackingDetailsView = {
  packages: number;
  netKg: string;
  grossKg: string;
  lengthCm: string;
  widthCm: string;
  heightCm: string;
};

/** A kilogram figure typed as a decimal ("1,250.5") → grams, exactly (no float arithmetic). */
export function kgToGrams(kg: string): number {
  const [whole, fraction = ""] = kg.split(".");
  return Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
}

/** Grams → kilograms as a decimal string without trailing zeros: 1250500 → "1250.5". */
export function gramsToKg(grams: number): string {
  const whole = Math.floor(grams / 1000);
  const fraction = String(grams % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
