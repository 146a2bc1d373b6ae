import { z } from "zod";

export * from "./order-documents-values";

/** A decimal written with at most `decimals` places, over 0 and up to `max` (a comma as thousands separator is allowed). */
const positiveDecimal = (what: string, decimals: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}`)
    .transform((value) => value.replace(/,/g, ""))
    .refine(
      (value) => new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(value),
      `Enter the ${what} as a number with up to ${decimals} decimal${decimals === 1 ? "" : "s"}`,
    )
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
  .refine((v) => Number(v.grossKg) >= Number(v.netKg), {
    path: ["grossKg"],
    message: "Gross weight includes the packing: it cannot be less than the net weight",
  });

/** The packing form's fields, as posted. */
export const PACKING_FIELDS = ["packages", "netKg", "grossKg", "lengthCm", "widthCm", "heightCm"] as const;

export type PackingDetailsInput = z.output<typeof packingDetailsSchema>;
