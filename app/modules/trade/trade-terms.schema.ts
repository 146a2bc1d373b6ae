import { z } from "zod";

export * from "./trade-terms-values";

/** A Harmonized System code: 6 to 10 digits; dots and spaces as people write them ("6302.60.0010") are dropped. */
export const hsCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[.\s]/g, ""))
  .pipe(z.string().regex(/^[0-9]{6,10}$/, "Enter an HS code of 6 to 10 digits, like 6302.60 or 6302600010"));
