/** store-form's values, labels and helpers: browser-safe without zod (store-form.schema.ts re-exports them, route JS budgets). */

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export type Weekday = (typeof WEEKDAYS)[number];

export type BusinessHours = Record<Weekday, { open: string; close: string; closed: boolean }>;

/** Spec §3: 09:00-18:00 Monday to Saturday, 10:00-16:00 Sunday, none closed. */
export function defaultBusinessHours(): BusinessHours {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [
      d,
      d === "sunday"
        ? { open: "10:00", close: "16:00", closed: false }
        : { open: "09:00", close: "18:00", closed: false },
    ]),
  ) as BusinessHours;
}

/**
 * Reads the store form (plain form post: works without JavaScript) into the shape storeDetailsSchema checks.
 * The server reads every post with it, and the browser reads the form with it before checking it with the same schema.
 */
export function readStoreForm(form: FormData) {
  const str = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : "");
  const defaults = defaultBusinessHours();
  const hours = Object.fromEntries(
    WEEKDAYS.map((d) => [
      d,
      {
        open: str(`businessHours.${d}.open`) || defaults[d].open,
        close: str(`businessHours.${d}.close`) || defaults[d].close,
        closed: form.get(`businessHours.${d}.closed`) === "on",
      },
    ]),
  );
  return {
    name: str("name"),
    description: str("description"),
    phone: str("phone"),
    email: str("email"),
    website: str("website"),
    street: str("street"),
    city: str("city"),
    state: str("state"),
    zipCode: str("zipCode"),
    country: str("country"),
    categories: form.getAll("categories").filter((c): c is string => typeof c === "string"),
    businessHours: hours,
    yearFounded: str("yearFounded"),
    certifications: str("certifications"),
    productionCapacity: str("productionCapacity"),
  };
}

/** Spec §4: the store name, non-alphanumerics replaced by underscores, lower-cased, plus '-qr-code.png'. */
export function qrFileName(storeName: string): string {
  return `${storeName.replace(/[^a-zA-Z0-9]/g, "_").toLowerCase()}-qr-code.png`;
}

export type StoreCardData = {
  id: string;
  name: string;
  description: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  categories: string[];
  verificationStatus: string;
  status: string;
  hasQr: boolean;
  qrCodeData: string | null;
  createdAt: string;
};
