import { z } from "zod";

export const ORDER_DOCUMENT_KINDS = ["proforma_invoice", "commercial_invoice", "packing_list"] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

export const ORDER_DOCUMENT_LABEL: Record<OrderDocumentKind, string> = {
  proforma_invoice: "Proforma invoice",
  commercial_invoice: "Commercial invoice",
  packing_list: "Packing list",
};

/** When each document is issued, said to whoever is still waiting for it. */
export const ORDER_DOCUMENT_WHEN: Record<OrderDocumentKind, string> = {
  proforma_invoice: "Issued when the supplier confirms the order",
  commercial_invoice: "Issued when the order ships",
  packing_list: "Issued when the order ships, from the packing details",
};

/** The stage of the order lifecycle that issues documents: confirmation issues the proforma, shipment the rest. */
export type OrderDocumentStage = "confirmed" | "shipped";

export function isOrderDocumentKind(value: string): value is OrderDocumentKind {
  return (ORDER_DOCUMENT_KINDS as readonly string[]).includes(value);
}

/** An issued document as the order page lists it. */
export type OrderDocumentView = { kind: OrderDocumentKind; documentNumber: string; createdAt: string; href: string };

/** The packing details as the form shows them (kilograms and centimetres as typed, decimal strings). */
export type PackingDetailsView = { packages: number; netKg: string; grossKg: string; lengthCm: string; widthCm: string; heightCm: string };

/** A decimal written with at most `decimals` places, over 0 and up to `max` (a comma as thousands separator is allowed). */
const positiveDecimal = (what: string, decimals: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}`)
    .transform((value) => value.replace(/,/g, ""))
    .refine((value) => new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(value), `Enter the ${what} as a number with up to ${decimals} decimal${decimals === 1 ? "" : "s"}`)
    .refine((value) => Number(value) > 0, `The ${what} must be more than 0`)
    .refine((value) => Number(value) <= max, `The ${what} must be at most ${max.toLocaleString("en-US")}`);

/**
 * The supplier's packing details: packages, net and gross weight in kg (grams precision), and one package's outer
 * dimensions in cm. Gross weight includes the packing, so it is never less than the net.
 */
export const packingDetailsSchema = z
  .object({
    packages: z
      .string()
      .trim()
      .min(1, "Enter the number of packages")
      .regex(/^\d+$/, "Enter the number of packages as a whole number")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100_000, "The number of packages must be between 1 and 100,000"),
    netKg: positiveDecimal("net weight", 3, 2_000_000),
    grossKg: positiveDecimal("gross weight", 3, 2_000_000),
    lengthCm: positiveDecimal("length", 1, 100_000),
    widthCm: positiveDecimal("width", 1, 100_000),
    heightCm: positiveDecimal("height", 1, 100_000),
  })
  .refine((v) => Number(v.grossKg) >= Number(v.netKg), { path: ["grossKg"], message: "Gross weight includes the packing: it cannot be less than the net weight" });

export type PackingDetailsInput = z.output<typeof packingDetailsSchema>;

/** A kilogram figure typed as a decimal ("1,250.5") → grams, exactly (no float arithmetic). */
export function kgToGrams(kg: string): number {
  const [whole, fraction = ""] = kg.split(".");
  return Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
}

/** Grams → kilograms as a decimal string without trailing zeros: 1250500 → "1250.5". */
export function gramsToKg(grams: number): string {
  const whole = Math.floor(grams / 1000);
  const fraction = String(grams % 1000).padStart(3, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
