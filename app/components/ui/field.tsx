import { Search } from "lucide-react";
import { useSubmit } from "react-router";
import { cn } from "./cn";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500";

export function Input({ className, ...props }: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(control, "h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(control, "min-h-24", className)} {...props} />;
}

export function Select({ className, ...props }: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(control, "h-10", className)} {...props} />;
}

export function Label({ className, ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn("mb-1.5 block text-sm font-medium text-slate-800", className)} {...props} />;
}

/** A labelled control with an optional error message tied to it for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A search box with its magnifier icon; label it with a <Label htmlFor={id}>. */
export function SearchInput({ className, ...props }: React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input type="search" className={cn("pl-9", className)} {...props} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

/**
 * A labelled select of a GET filter form that applies the choice at once; without JavaScript the form's
 * own button applies it. Give `form` when the select stands outside its form.
 */
export function FilterSelect({
  id,
  label,
  options,
  className,
  ...props
}: { id: string; label: string; options: readonly SelectOption[]; className?: string } & Omit<
  React.SelectHTMLAttributes<HTMLSelectElement>,
  "id" | "onChange" | "children" | "className"
>) {
  const submit = useSubmit();
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} onChange={(event) => submit(event.currentTarget.form)} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The options of a select from a list of values and their labels. */
export function LabelledOptions<T extends string>({
  values,
  labels,
  disabled,
}: {
  values: readonly T[];
  labels: Record<T, string>;
  disabled?: (value: T) => boolean;
}) {
  return values.map((value) => (
    <option key={value} value={value} disabled={disabled?.(value)}>
      {labels[value]}
    </option>
  ));
}
