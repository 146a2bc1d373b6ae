/** trade-terms's values, labels and helpers: browser-safe without zod (trade-terms.schema.ts re-exports them, route JS budgets). */

/**
 * The vocabulary of structured trade terms (issue #21), shared by the quote form, the comparison table,
 * landed-cost estimates and (later) orders. Browser-safe.
 */

/** Incoterms® 2020 that India → USA wholesale trade uses, in the order of who carries more of the cost. */
export const INCOTERMS = ["EXW", "FCA", "FOB", "CIF", "DAP", "DDP"] as const;

export type Incoterm = (typeof INCOTERMS)[number];

/**
 * What each Incoterm's named place is: a port of loading in India (FOB), a US port of destination (CIF),
 * a US destination (DAP, DDP), or the place where the seller hands the goods over (EXW, FCA).
 */
export const INCOTERM_PLACE: Record<
  Incoterm,
  { kind: "origin-port" | "us-port" | "us-destination" | "origin-place"; label: string }
> = {
  EXW: { kind: "origin-place", label: "Place of delivery (seller's premises)" },
  FCA: { kind: "origin-place", label: "Place of delivery to the carrier" },
  FOB: { kind: "origin-port", label: "Indian port of loading" },
  CIF: { kind: "us-port", label: "US port of destination" },
  DAP: { kind: "us-destination", label: "US destination" },
  DDP: { kind: "us-destination", label: "US destination" },
};

export const INCOTERM_LABELS: Record<Incoterm, string> = {
  EXW: "EXW — Ex Works",
  FCA: "FCA — Free Carrier",
  FOB: "FOB — Free On Board",
  CIF: "CIF — Cost, Insurance and Freight",
  DAP: "DAP — Delivered At Place",
  DDP: "DDP — Delivered Duty Paid",
};

export const CURRENCIES = ["USD", "INR"] as const;

export type Currency = (typeof CURRENCIES)[number];

export const PAYMENT_TERMS = ["advance_100", "advance_30_bl_70", "lc_at_sight", "net_30", "net_60", "other"] as const;

export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  advance_100: "100 % advance",
  advance_30_bl_70: "30 % advance / 70 % against bill of lading",
  lc_at_sight: "Letter of credit at sight",
  net_30: "Net 30",
  net_60: "Net 60",
  other: "Other",
};

export const SHIP_MODES = ["ocean", "air"] as const;

export type ShipMode = (typeof SHIP_MODES)[number];

export const SHIP_MODE_LABELS: Record<ShipMode, string> = { ocean: "Ocean freight", air: "Air freight" };

/** A port or place of the India → USA lanes (the ports table), by UN/LOCODE. */
export type Port = {
  code: string;
  name: string;
  country: "IN" | "US";
  kind: "sea" | "air" | "inland";
  state: string | null;
};

/** Which ports a named place may be, by Incoterm: FOB loads at an Indian seaport, CIF lands at a US seaport. */
export function portFitsIncoterm(
  incoterm: Incoterm,
  port: { country: "IN" | "US"; kind: "sea" | "air" | "inland" },
): boolean {
  const kind = INCOTERM_PLACE[incoterm].kind;
  if (kind === "origin-port") return port.country === "IN" && port.kind === "sea";
  if (kind === "us-port") return port.country === "US" && port.kind === "sea";
  if (kind === "us-destination") return port.country === "US";
  return false;
}

/** "6302600020" → "6302.60.0020"; anything else (a legacy 6-digit code) as it is written. */
export function formatHtsCode(code: string): string {
  return /^[0-9]{10}$/.test(code) ? `${code.slice(0, 4)}.${code.slice(4, 6)}.${code.slice(6)}` : code;
}
