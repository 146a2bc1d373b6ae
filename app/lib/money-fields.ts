import { z } from "zod";
import { parseUsdToCents } from "./money-minor";

/** An optional amount in US dollars as typed ("1500.50"), read into cents; empty is null. */
export const optionalMoney = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const cents = parseUsdToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: `${label} must be an amount in US dollars, like 1500 or 1500.50` });
        return z.NEVER;
      }
      return cents;
    });
