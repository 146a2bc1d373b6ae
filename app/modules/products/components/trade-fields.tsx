import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field, Input, Select } from "~/components/ui/field";
import type { PortOption } from "~/modules/trade/ports.server";
import { formatHtsCode } from "~/modules/trade/trade-terms-values";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field, as Conform's own helpers take it
type AnyField<Schema> = FieldMetadata<Schema, any, any>;

/** A new product's HTSUS code (optional) in the Create Product dialog: 10 digits, checked against the HTS table on the server. */
export function HsCodeField<Schema>({ field, defaultValue }: { field: AnyField<Schema>; defaultValue?: string }) {
  return (
    <Field
      id={field.id}
      label="HTSUS code (optional)"
      error={field.errors?.[0]}
      hint="The 10-digit US number, like 6302.60.0020 (hts.usitc.gov): for duty estimates and the invoices"
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

/**
 * The 10-digit HTSUS number the invoices print (issue #41), with the HTS table's description of the stored one, and a
 * word about a 6-digit code stored before 10 digits were required (record 0053).
 */
export function HtsusField<Schema>({
  field,
  stored,
  description,
}: {
  field: AnyField<Schema>;
  stored?: string | null;
  description?: string | null;
}) {
  const legacy = stored && stored.length < 10;
  return (
    <Field
      id={field.id}
      label="HTSUS code (optional)"
      error={field.errors?.[0]}
      hint="The 10-digit US number, like 6302.60.0020 (hts.usitc.gov): printed on the commercial invoice"
    >
      <Input {...getInputProps(field, { type: "text" })} inputMode="numeric" autoComplete="off" />
      {description && !legacy ? (
        <p className="mt-1 text-xs text-slate-700" id={`${field.id}-description`}>
          {formatHtsCode(stored!)}: {description}
        </p>
      ) : null}
      {legacy ? (
        <p className="mt-1 text-xs text-amber-700">
          Stored as the 6-digit HS code {stored}, kept while unchanged: the invoices need the full 10-digit HTSUS
          number.
        </p>
      ) : null}
    </Field>
  );
}

/** What the goods are made of and who makes them, as the invoices print them (issue #41). */
export function MaterialFields<Schema>({
  material,
  manufacturer,
}: {
  material: AnyField<Schema>;
  manufacturer: AnyField<Schema>;
}) {
  return (
    <>
      <Field
        id={material.id}
        label="Material / composition (optional)"
        error={material.errors?.[0]}
        hint="As customs reads it, like 100% cotton terry, 500 gsm"
      >
        <Input {...getInputProps(material, { type: "text" })} maxLength={200} />
      </Field>
      <Field
        id={manufacturer.id}
        label="Manufacturer (optional)"
        error={manufacturer.errors?.[0]}
        hint="Name and address of the factory, when it is not you"
      >
        <Input {...getInputProps(manufacturer, { type: "text" })} maxLength={300} />
      </Field>
    </>
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
