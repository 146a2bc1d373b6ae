import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field, Input, Select } from "~/components/ui/field";
import type { PortOption } from "~/modules/trade/ports.server";
import { formatHtsCode } from "~/modules/trade/trade-terms-values";
import { useTranslation } from "~/i18n/use-translation";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field, as Conform's own helpers take it
type AnyField<Schema> = FieldMetadata<Schema, any, any>;

/** A new product's HTSUS code (optional) in the Create Product dialog: 10 digits, checked against the HTS table on the server. */
export function HsCodeField<Schema>({ field, defaultValue }: { field: AnyField<Schema>; defaultValue?: string }) {
  const { t } = useTranslation(["products"]);
  return (
    <Field
      id={field.id}
      label={t("products:trade.hsCode")}
      error={field.errors?.[0]}
      hint={t("products:trade.hsHintNew")}
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
  const { t } = useTranslation(["products"]);
  const legacy = stored && stored.length < 10;
  return (
    <Field
      id={field.id}
      label={t("products:trade.hsCode")}
      error={field.errors?.[0]}
      hint={t("products:trade.hsHintEdit")}
    >
      <Input {...getInputProps(field, { type: "text" })} inputMode="numeric" autoComplete="off" />
      {description && !legacy ? (
        <p className="mt-1 text-xs text-slate-700" id={`${field.id}-description`}>
          {formatHtsCode(stored!)}: {description}
        </p>
      ) : null}
      {legacy ? <p className="mt-1 text-xs text-amber-700">{t("products:trade.hsLegacy", { code: stored })}</p> : null}
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
  const { t } = useTranslation(["products"]);
  return (
    <>
      <Field
        id={material.id}
        label={t("products:trade.material")}
        error={material.errors?.[0]}
        hint={t("products:trade.materialHint")}
      >
        <Input {...getInputProps(material, { type: "text" })} maxLength={200} />
      </Field>
      <Field
        id={manufacturer.id}
        label={t("products:trade.manufacturer")}
        error={manufacturer.errors?.[0]}
        hint={t("products:trade.manufacturerHint")}
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
  const { t } = useTranslation(["products"]);
  return (
    <Field id={field.id} label={t("products:trade.originPort")} error={field.errors?.[0]}>
      <Select
        {...getSelectProps(field)}
        defaultValue={defaultValue ?? (typeof field.initialValue === "string" ? field.initialValue : "")}
      >
        <option value="">{t("products:trade.none")}</option>
        {ports.map((p) => (
          <option key={p.code} value={p.code}>
            {p.name} ({p.code})
          </option>
        ))}
      </Select>
    </Field>
  );
}
