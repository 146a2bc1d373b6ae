import { describe, expect, it } from "vitest";
import en from "~/locales/en/quotes.json";
import { scheduleSummary } from "~/modules/payments/payments-values";
import { INSPECTION_DAYS } from "~/lib/status-lists";
import { translate } from "~/i18n/texts";
import {
  INCOTERM_LABELS,
  INCOTERM_PLACE,
  INCOTERMS,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  SHIP_MODE_LABELS,
} from "~/modules/trade/trade-terms-values";

/**
 * The quote form says the trade terms' words from `quotes` (so a supplier reads them in Hindi); in English they are
 * the very words the rest of Setu prints from trade-terms-values and payments-values (the summary, the order page,
 * the e-mails). This keeps the two from drifting apart.
 */
describe("the quote form's English texts", () => {
  const t = (key: string, options?: Record<string, unknown>) => translate("en", { quotes: en }, key, options);

  it("names Incoterms, their places, payment terms and ship modes as trade-terms-values does", () => {
    for (const code of INCOTERMS) {
      expect(t(`quotes:incoterm.${code}`)).toBe(INCOTERM_LABELS[code]);
      expect(t(`quotes:place.${code}`)).toBe(INCOTERM_PLACE[code].label);
    }
    for (const terms of PAYMENT_TERMS) expect(t(`quotes:payment.${terms}`)).toBe(PAYMENT_TERMS_LABELS[terms]);
    for (const [mode, label] of Object.entries(SHIP_MODE_LABELS)) expect(t(`quotes:shipMode.${mode}`)).toBe(label);
  });

  it("explains each payment term's schedule as scheduleSummary does", () => {
    for (const terms of [...PAYMENT_TERMS, null])
      expect(t(`quotes:schedule.${terms ?? "none"}`, { days: INSPECTION_DAYS })).toBe(scheduleSummary(terms));
  });
});
