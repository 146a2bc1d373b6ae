import { z } from "zod";
import { STORE_CATEGORY_OPTIONS } from "~/lib/categories";
import { WEEKDAYS } from "./store-form-values";

export * from "./store-form-values";

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || null);

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times use the 24-hour HH:MM format");

/** The Create Store form and the Settings tab's store details, checked on the server. */
export const storeDetailsSchema = z.object({
  name: z.string().trim().min(1, "Store Name is required").max(120, "Store name is too long"),
  description: optionalText(2000),
  phone: z
    .string()
    .trim()
    .max(30)
    .optional()
    .transform((v) => v || null)
    .refine(
      (v) =>
        v === null ||
        (/^\+?[\d\s().-]{7,30}$/.test(v) && v.replace(/\D/g, "").length >= 7 && v.replace(/\D/g, "").length <= 15),
      "Please enter a valid phone number",
    ),
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || z.email().safeParse(v).success, "Please enter a valid email address"),
  website: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => v || null)
    .refine((v) => {
      if (v === null) return true;
      try {
        const url = new URL(v);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, "Website must be a full http:// or https:// address"),
  street: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  country: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || "India"),
  categories: z.array(z.enum(STORE_CATEGORY_OPTIONS, "Unknown store category")).max(STORE_CATEGORY_OPTIONS.length),
  businessHours: z.record(z.enum(WEEKDAYS), z.object({ open: time, close: time, closed: z.boolean() })),
  // the About page
  yearFounded: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || (/^\d{4}$/.test(v) && Number(v) >= 1800 && Number(v) <= new Date().getFullYear()),
      "Year founded must be a year like 1998, not in the future",
    )
    .transform((v) => (v === null ? null : Number(v))),
  certifications: z
    .string()
    .trim()
    .max(600, "Certifications are too long")
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? "")
          .split(/[,\n]/)
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.length <= 12, "List at most 12 certifications")
    .refine((list) => list.every((c) => c.length <= 60), "Each certification must be at most 60 characters"),
  productionCapacity: optionalText(200, "Monthly output must be at most 200 characters"),
});

export type StoreDetailsInput = z.infer<typeof storeDetailsSchema>;

/**
 * What My Stores posts: a QR code for one store (an id the command looks up), or, for any other intent, the
 * Create Store form (its fields read by storeDetailsSchema).
 */
export const storesActionSchema = z.object({
  intent: z.enum(["create", "qr"]).catch("create"),
  storeId: z.string(),
});
export const STORES_ACTION_FIELDS = ["intent", "storeId"] as const;
