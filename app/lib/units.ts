/** Units of quantity for products and RFQs (spec §3 value lists). */
export const UNITS = ["pieces", "kg", "tons", "liters", "meters", "sets"] as const;
export type Unit = (typeof UNITS)[number];
