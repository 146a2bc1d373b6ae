import { z } from "zod";
import { isCalendarDate } from "~/lib/date-range";

/** The columns of seller_business_details a seller edits on /profile, in form order. */
export const BUSINESS_DETAIL_FIELDS = [
  "legalName",
  "registeredAddress",
  "gstin",
  "iec",
  "registrationNumber",
  "lutReference",
  "lutValidUntil",
  "bankAccountName",
  "bankName",
  "bankAccountNumber",
  "bankIfsc",
  "bankSwift",
] as const;
export type BusinessDetailField = (typeof BUSINESS_DETAIL_FIELDS)[number];

/**
 * The details verification binds (issue #38): once a seller is verified they change only through a change request an
 * administrator approves, and while a submission waits they do not change at all. The LUT renews every year and stays
 * the seller's to edit.
 */
export const VERIFIED_DETAIL_FIELDS = [
  "legalName",
  "registeredAddress",
  "gstin",
  "iec",
  "registrationNumber",
  "bankAccountName",
  "bankName",
  "bankAccountNumber",
  "bankIfsc",
  "bankSwift",
] as const satisfies readonly BusinessDetailField[];
export type VerifiedDetailField = (typeof VERIFIED_DETAIL_FIELDS)[number];
export const VERIFIED_DETAIL_LABELS: Record<VerifiedDetailField, string> = {
  legalName: "Legal name",
  registeredAddress: "Registered address",
  gstin: "GSTIN",
  iec: "IEC",
  registrationNumber: "Company registration",
  bankAccountName: "Bank account holder",
  bankName: "Bank name",
  bankAccountNumber: "Bank account number",
  bankIfsc: "IFSC",
  bankSwift: "SWIFT / BIC",
};
/** One verified detail a change request changes: the verified value and the requested one. */
export type DetailChange = { field: VerifiedDetailField; label: string; from: string | null; to: string | null };

/** The identity numbers no two sellers may hold: a field, its label, and what a seller reads when a verified supplier holds it. */
export const IDENTITY_NUMBER_FIELDS = ["gstin", "iec", "registrationNumber"] as const;
export type IdentityNumberField = (typeof IDENTITY_NUMBER_FIELDS)[number];
export const IDENTITY_NUMBER_HELD_MESSAGES: Record<IdentityNumberField, string> = {
  gstin: "This GSTIN is already registered to a verified supplier on Setu. Contact support if it is yours.",
  iec: "This IEC is already registered to a verified supplier on Setu. Contact support if it is yours.",
  registrationNumber:
    "This company registration number is already registered to a verified supplier on Setu. Contact support if it is yours.",
};
/** An identity number as compared between sellers: trimmed, upper case (as the schema saves it). */
export function normalizeIdentityNumber(value: string | null | undefined): string | null {
  const v = value?.trim().toUpperCase();
  return v ? v : null;
}

export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const IEC_PATTERN = /^[0-9A-Z]{10}$/;
export const CIN_PATTERN = /^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$/;
export const LLPIN_PATTERN = /^[A-Z]{3}-[0-9]{4}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[0-9A-Z]{6}$/;
export const SWIFT_PATTERN = /^[A-Z]{6}[0-9A-Z]{2}([0-9A-Z]{3})?$/;
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The check character of a GSTIN's first 14 characters (GST Network's published scheme, a Luhn mod 36): each
 * character's value (0–9, A=10 … Z=35) is multiplied by 1 and 2 alternately from the left; each product adds its
 * quotient and remainder by 36; the check character is (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Whether a GSTIN has the right shape and its last character checks out. */
export function isValidGstin(value: string): boolean {
  return GSTIN_PATTERN.test(value) && gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

export type RegistrationKind = "CIN" | "LLPIN" | "other";

export function registrationKind(value: string): RegistrationKind {
  return CIN_PATTERN.test(value) ? "CIN" : LLPIN_PATTERN.test(value) ? "LLPIN" : "other";
}

export const BUSINESS_MESSAGES = {
  gstinShape:
    "A GSTIN is 15 characters: 2-digit state code, 10-character PAN, entity number, 'Z' and a check character (e.g. 27AAPFU0939F1ZV)",
  gstinChecksum: "This GSTIN's last character does not match its check character: please check for a typing mistake",
  iec: "An IEC is 10 letters and digits (your PAN since 2018)",
  registration:
    "Use letters, digits, spaces, '-' and '/' only (a CIN such as U12345MH2010PTC123456 or an LLPIN such as AAB-1234)",
  ifsc: "An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits (e.g. HDFC0001234)",
  swift: "A SWIFT/BIC code is 8 or 11 letters and digits (e.g. HDFCINBBXXX)",
  accountNumber: "An account number is 9 to 18 digits",
  lutReference: "Use letters, digits, '-' and '/' only",
  date: "Please enter a valid date",
};

/** Empty text is "not given": stored as null. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v));

/** A code: upper case, spaces removed; empty is null; otherwise it must match. */
const optionalCode = (check: (v: string) => boolean, message: string) =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .refine((v) => v === "" || check(v), message)
    .transform((v) => (v === "" ? null : v));

/**
 * A seller's business details as posted on /profile, checked the same in the browser and on the server. Codes are
 * normalised (trimmed, upper case, inner spaces removed) before they are checked; an empty field is stored as null,
 * so a seller can fill the form in several sittings. Verification asks for the numbers it needs on submission.
 */
export const businessDetailsSchema = z.object({
  legalName: optionalText(200, "Legal name"),
  registeredAddress: optionalText(500, "Registered address"),
  gstin: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .superRefine((v, ctx) => {
      if (v === "") return;
      if (!GSTIN_PATTERN.test(v)) ctx.addIssue({ code: "custom", message: BUSINESS_MESSAGES.gstinShape });
      else if (!isValidGstin(v)) ctx.addIssue({ code: "custom", message: BUSINESS_MESSAGES.gstinChecksum });
    })
    .transform((v) => (v === "" ? null : v)),
  iec: optionalCode((v) => IEC_PATTERN.test(v), BUSINESS_MESSAGES.iec),
  registrationNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, " ").toUpperCase())
    .refine((v) => v === "" || /^[0-9A-Z][0-9A-Z /-]{1,59}$/.test(v), BUSINESS_MESSAGES.registration)
    .transform((v) => (v === "" ? null : v)),
  lutReference: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .refine((v) => v === "" || /^[0-9A-Z][0-9A-Z/-]{1,39}$/.test(v), BUSINESS_MESSAGES.lutReference)
    .transform((v) => (v === "" ? null : v)),
  lutValidUntil: z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDate(v), BUSINESS_MESSAGES.date)
    .transform((v) => (v === "" ? null : v)),
  bankAccountName: optionalText(200, "Account holder name"),
  bankName: optionalText(200, "Bank name"),
  bankAccountNumber: optionalCode((v) => ACCOUNT_NUMBER_PATTERN.test(v), BUSINESS_MESSAGES.accountNumber),
  bankIfsc: optionalCode((v) => IFSC_PATTERN.test(v), BUSINESS_MESSAGES.ifsc),
  bankSwift: optionalCode((v) => SWIFT_PATTERN.test(v), BUSINESS_MESSAGES.swift),
});
export type BusinessDetailsInput = z.output<typeof businessDetailsSchema>;

export const VERIFICATION_DOCUMENT_KINDS = ["gstin_certificate", "iec_certificate", "company_registration"] as const;
export type VerificationDocumentKind = (typeof VERIFICATION_DOCUMENT_KINDS)[number];
export const VERIFICATION_DOCUMENT_LABELS: Record<VerificationDocumentKind, string> = {
  gstin_certificate: "GST registration certificate",
  iec_certificate: "IEC certificate",
  company_registration: "Company registration (certificate of incorporation)",
};
/** The form field each document is posted in. */
export const VERIFICATION_DOCUMENT_FIELDS: Record<VerificationDocumentKind, string> = {
  gstin_certificate: "gstinCertificate",
  iec_certificate: "iecCertificate",
  company_registration: "companyRegistration",
};
/** The documents chosen on the verification form, by kind; a kind left out was not chosen. */
export type VerificationDocumentFiles = Partial<Record<VerificationDocumentKind, File>>;

/** The verification form's files as submitForVerification takes them: an empty file input (or text) is none. */
export function readVerificationDocuments(form: FormData): VerificationDocumentFiles {
  const files: VerificationDocumentFiles = {};
  for (const kind of VERIFICATION_DOCUMENT_KINDS) {
    const value = form.get(VERIFICATION_DOCUMENT_FIELDS[kind]);
    if (value !== null && typeof value !== "string" && value.size > 0) files[kind] = value;
  }
  return files;
}
export const VERIFICATION_DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp";
export const MAX_VERIFICATION_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** What the verification form says beside a number not saved in Business details yet. */
export const MISSING_NUMBER_MESSAGE = "Fill in and save this in Business details before submitting";

/** What the verification form says about a document, in the browser and from the server. */
export const VERIFICATION_DOCUMENT_MESSAGES = {
  missingDocument: "Please upload this document (PDF or image)",
  tooLarge: "Each document must be at most 10 MB",
  wrongType: "Upload a PDF or an image (JPEG, PNG or WebP)",
};

/** The verification form's document fields as posted (a file, an empty file input, or nothing). */
export function readVerificationForm(form: FormData): Record<string, unknown> {
  return Object.fromEntries(
    VERIFICATION_DOCUMENT_KINDS.map((kind) => [
      VERIFICATION_DOCUMENT_FIELDS[kind],
      form.get(VERIFICATION_DOCUMENT_FIELDS[kind]) ?? undefined,
    ]),
  );
}

/** A chosen document: a file with content; an empty file input, text or nothing is none. */
const chosenFile = (kind: VerificationDocumentKind, kept: readonly VerificationDocumentKind[]) =>
  z
    .unknown()
    .transform((value) => (typeof File !== "undefined" && value instanceof File && value.size > 0 ? value : undefined))
    .superRefine((file, ctx) => {
      if (file && file.size > MAX_VERIFICATION_DOCUMENT_BYTES)
        ctx.addIssue({ code: "custom", message: VERIFICATION_DOCUMENT_MESSAGES.tooLarge });
      else if (!file && !kept.includes(kind))
        ctx.addIssue({ code: "custom", message: VERIFICATION_DOCUMENT_MESSAGES.missingDocument });
    });

/**
 * The verification form (its three documents), checked the same in the browser and on the server (read by
 * readVerificationForm): each chosen file is at most 10 MB, and a document not chosen must be one the last
 * submission sent (`kept`), which is sent again. The command checks again with what only it knows (the numbers
 * saved in Business details, the last submission as it is now, each file's content).
 */
export function verificationSubmissionSchema(kept: readonly VerificationDocumentKind[]) {
  return z
    .object({
      gstinCertificate: chosenFile("gstin_certificate", kept),
      iecCertificate: chosenFile("iec_certificate", kept),
      companyRegistration: chosenFile("company_registration", kept),
    })
    .transform((fields): VerificationDocumentFiles => {
      const files: VerificationDocumentFiles = {};
      for (const kind of VERIFICATION_DOCUMENT_KINDS) {
        const file = fields[VERIFICATION_DOCUMENT_FIELDS[kind] as keyof typeof fields];
        if (file) files[kind] = file;
      }
      return files;
    });
}

/** One number as the administrator sees it: the value and whether its format checks out. */
export type NumberCheck = { label: string; value: string | null; ok: boolean; note: string };

/** The format checks an administrator reads beside a submission's numbers. */
export function checkBusinessNumbers(numbers: {
  legalName: string | null;
  gstin: string | null;
  iec: string | null;
  registrationNumber: string | null;
}): NumberCheck[] {
  const { gstin, iec, registrationNumber } = numbers;
  const pan = gstin && GSTIN_PATTERN.test(gstin) ? gstin.slice(2, 12) : null;
  const kind = registrationNumber ? registrationKind(registrationNumber) : null;
  return [
    {
      label: "GSTIN",
      value: gstin,
      ok: Boolean(gstin && isValidGstin(gstin)),
      note: !gstin
        ? "Not given"
        : !GSTIN_PATTERN.test(gstin)
          ? "Wrong format"
          : isValidGstin(gstin)
            ? "Format and check character valid"
            : "Check character does not match",
    },
    {
      label: "IEC",
      value: iec,
      ok: Boolean(iec && IEC_PATTERN.test(iec)),
      note: !iec
        ? "Not given"
        : !IEC_PATTERN.test(iec)
          ? "Wrong format"
          : pan === null
            ? "Format valid"
            : pan === iec
              ? "Format valid; matches the PAN in the GSTIN"
              : "Format valid; differs from the PAN in the GSTIN (older IECs may)",
    },
    {
      label: "Company registration",
      value: registrationNumber,
      ok: Boolean(registrationNumber),
      note: !registrationNumber
        ? "Not given"
        : kind === "CIN"
          ? "Valid CIN format"
          : kind === "LLPIN"
            ? "Valid LLPIN format"
            : "Other registration: check the document",
    },
  ];
}
