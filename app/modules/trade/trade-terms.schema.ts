import { z } from "zod";

export * from "./trade-terms-values";

/** A Harmonized System code: 6 to 10 digits; dots and spaces as people write them ("6302.60.0010") are dropped. */
export const hsCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[.\s]/g, ""))
  .pipe(z.string().regex(/^[0-9]{6,10}$/, "Enter an HS code of 6 to 10 digits, like 6302.60 or 6302600010"));

export const HTSUS_10_MESSAGE = "Enter the 10-digit HTSUS number, like 6302.60.0020";

/**
 * The US statistical reporting number (HTSUS, 10 digits) a product or quote states for its invoices (issue #41):
 * "6302.60.0020" or "6302600020". Six-digit HS codes stored before stay readable, but new entries and edits need all
 * ten digits (record 0053); whether the number exists is checked against the HTS table on the server.
 */
export const htsus10Schema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[.\s]/g, ""))
  .pipe(z.string().regex(/^[0-9]{10}$/, HTSUS_10_MESSAGE));
