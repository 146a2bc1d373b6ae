import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field, Input, Select } from "~/components/ui/field";
import type { PortOption } from "~/modules/trade/ports.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field, as Conform's own helpers take it
type AnyField<Schema> = FieldMetadata<Schema, any, any>;

/** A product's HS code (optional), checked by the shared trade vocabulary's rule. */
export function HsCodeField<Schema>({ field, defaultValue }: { field: AnyField<Schema>; defaultValue?: string }) {
  return (
    <Field
      id={field.id}
      label="HS code (optional)"
      error={field.errors?.[0]}
      hint="6 to 10 digits, like 6302.60: for duty estimates"
    >
      <Input
        {...getInputProps(field, { type: "text" })}
        {...(defaultValue === undefined ? {} : { defaultValue })}
        inputMode="numeric"
        autoComplete="off"
      />
    </Field>
  );
}

/** The Indian port a product ships from (optional): a choice of the ports table's Indian ports. */
export function OriginPortField<Schema>({
  field,
  ports,
  defaultValue,
}: {
  field: AnyField<Schema>;
  ports: PortOption[];
  defaultValue?: string;
}) {
  return (
    <Field id={field.id} label="Origin port (optional)" error={field.errors?.[0]}>
      <Select
        {...getSelectProps(field)}
        defaultValue={defaultValue ?? (typeof field.initialValue === "string" ? field.initialValue : "")}
      >
        <option value="">None</option>
        {ports.map((p) => (
          <option key={p.code} value={p.code}>
            {p.name} ({p.code})
          </option>
        ))}
      </Select>
    </Field>
  );
}
