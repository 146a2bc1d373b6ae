import { cn } from "./cn";

type Tone = "green" | "amber" | "blue" | "grey" | "red";
const tones: Record<Tone, string> = {
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-800",
  blue: "bg-blue-100 text-blue-800",
  grey: "bg-slate-100 text-slate-700",
  red: "bg-red-100 text-red-800",
};

export function Badge({ tone = "grey", className, ...props }: React.HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

/** Spec §4 badge colours: published/active green, draft/pending yellow, submitted blue, anything else grey. */
export function statusTone(status: string): Tone {
  if (status === "published" || status === "active" || status === "verified" || status === "accepted") return "green";
  if (status === "draft" || status === "pending") return "amber";
  if (status === "submitted") return "blue";
  if (status === "rejected" || status === "cancelled") return "red";
  return "grey";
}
