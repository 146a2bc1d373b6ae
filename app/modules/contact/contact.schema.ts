import { z } from "zod";

export const CONTACT_TOPICS = [
  { value: "general", label: "General question" },
  { value: "sales", label: "Talk to sales" },
  { value: "demo", label: "Schedule a demo" },
  { value: "support", label: "Account or order support" },
  { value: "partnership", label: "Partnerships" },
] as const;

/** The contact form's fields, in form order. */
export const CONTACT_FIELDS = ["name", "email", "company", "topic", "message"] as const;

export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name").max(120, "Name is too long"),
  email: z.string().trim().max(254, "E-mail is too long").pipe(z.email("Please enter a valid e-mail address")),
  company: z
    .string()
    .trim()
    .max(160, "Company name is too long")
    .optional()
    .transform((v) => (v ? v : null)),
  topic: z.enum(CONTACT_TOPICS.map((t) => t.value) as [string, ...string[]], "Please choose a topic"),
  message: z
    .string()
    .trim()
    .min(10, "Please write at least 10 characters")
    .max(5000, "Please keep your message under 5,000 characters"),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;
