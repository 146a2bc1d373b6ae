import { useCategoryName } from "~/i18n/use-category-name";
import { getCollectionProps, getInputProps, getTextareaProps, type DefaultValue } from "@conform-to/react";
import type { z } from "zod";
import { Field, Input, Label, Textarea } from "~/components/ui/field";
import { STORE_CATEGORY_OPTIONS } from "~/lib/categories";
import { lazySchema, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import type { storeDetailsSchema } from "../store-form.schema";
import { WEEKDAYS } from "../store-form-values";
import { useTranslation } from "~/i18n/use-translation";

const lazyStoreDetailsSchema = lazySchema(() =>
  import("../store-form.schema").then((m) => ({ schema: m.storeDetailsSchema, read: m.readStoreForm })),
);

/**
 * The store details form (Create Store and the Settings tab), checked in the browser as createStore and
 * updateStoreSettings check it on the server: the posted form read by readStoreForm, then storeDetailsSchema.
 */
export function useStoreDetailsForm({
  id,
  lastResult,
  defaultValue,
}: {
  id: string;
  lastResult?: FormReply | null;
  defaultValue: DefaultValue<z.input<typeof storeDetailsSchema>>;
}) {
  return useValidatedForm({ id, schema: lazyStoreDetailsSchema, lastResult, defaultValue });
}

type StoreDetailsFieldset = ReturnType<typeof useStoreDetailsForm>[1];
type Meta = StoreDetailsFieldset["businessHours"];

/** A group's first message: its own (from the server) or one of its fields' (from the browser). */
function groupError(meta: Pick<Meta, "errors" | "allErrors">) {
  return meta.errors?.[0] ?? Object.values(meta.allErrors)[0]?.[0];
}

/** The store's details: plain inputs, so the form posts without JavaScript. */
export function StoreDetailsFields({ fields }: { fields: StoreDetailsFieldset }) {
  const { t } = useTranslation(["stores"]);
  const categoryName = useCategoryName();
  const text = (
    name: "phone" | "email" | "website" | "street" | "city" | "state" | "zipCode" | "country",
    label: string,
    type: "text" | "tel" | "email" | "url",
    autoComplete: string,
  ) => (
    <Field id={fields[name].id} label={label} error={fields[name].errors?.[0]}>
      <Input {...getInputProps(fields[name], { type })} autoComplete={autoComplete} />
    </Field>
  );
  const categoriesError = groupError(fields.categories);
  const hoursError = groupError(fields.businessHours);
  const hours = fields.businessHours.getFieldset();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id={fields.name.id} label={t("stores:details.name")} error={fields.name.errors?.[0]}>
          <Input {...getInputProps(fields.name, { type: "text" })} required maxLength={120} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          id={fields.description.id}
          label={t("stores:details.description")}
          error={fields.description.errors?.[0]}
        >
          <Textarea {...getTextareaProps(fields.description)} rows={3} />
        </Field>
      </div>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("stores:details.about")}</legend>
        <Field
          id={fields.yearFounded.id}
          label={t("stores:details.yearFounded")}
          error={fields.yearFounded.errors?.[0]}
        >
          <Input
            {...getInputProps(fields.yearFounded, { type: "text" })}
            inputMode="numeric"
            placeholder={t("stores:details.yearPlaceholder")}
          />
        </Field>
        <Field
          id={fields.productionCapacity.id}
          label={t("stores:details.output")}
          error={fields.productionCapacity.errors?.[0]}
        >
          <Input
            {...getInputProps(fields.productionCapacity, { type: "text" })}
            placeholder={t("stores:details.outputPlaceholder")}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field
            id={fields.certifications.id}
            label={t("stores:details.certifications")}
            error={fields.certifications.errors?.[0]}
          >
            <Input
              {...getInputProps(fields.certifications, { type: "text" })}
              placeholder={t("stores:details.certificationsPlaceholder")}
            />
          </Field>
        </div>
      </fieldset>
      {text("phone", t("stores:details.phone"), "tel", "tel")}
      {text("email", t("stores:details.email"), "email", "email")}
      <div className="sm:col-span-2">{text("website", t("stores:details.website"), "url", "url")}</div>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("stores:details.address")}</legend>
        <div className="sm:col-span-2">{text("street", t("stores:details.street"), "text", "street-address")}</div>
        {text("city", t("stores:details.city"), "text", "address-level2")}
        {text("state", t("stores:details.state"), "text", "address-level1")}
        {text("zipCode", t("stores:details.zipCode"), "text", "postal-code")}
        {text("country", t("stores:details.country"), "text", "country-name")}
      </fieldset>
      <fieldset className="sm:col-span-2" aria-describedby={categoriesError ? fields.categories.errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("stores:details.categories")}</legend>
        {categoriesError ? (
          <p id={fields.categories.errorId} className="mb-2 text-sm text-red-600" role="alert">
            {categoriesError}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {getCollectionProps(fields.categories, {
            type: "checkbox",
            options: [...STORE_CATEGORY_OPTIONS],
            ariaAttributes: false,
          }).map(({ key, ...checkbox }, index) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input {...checkbox} id={`${fields.categories.id}-${index}`} /> {categoryName(checkbox.value)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="sm:col-span-2" aria-describedby={hoursError ? fields.businessHours.errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("stores:details.hours")}</legend>
        {hoursError ? (
          <p id={fields.businessHours.errorId} className="mb-2 text-sm text-red-600" role="alert">
            {hoursError}
          </p>
        ) : null}
        <div className="space-y-2">
          {WEEKDAYS.map((day) => {
            const { open, close, closed } = hours[day].getFieldset();
            const dayName = t(`stores:details.days.${day}`);
            // a wrong time is told in the group's message above
            const described = (meta: typeof open) =>
              meta.errors ? { "aria-invalid": true, "aria-describedby": fields.businessHours.errorId } : {};
            return (
              // on a phone the day and "Closed" take a line above the two times
              <div
                key={day}
                className="grid grid-cols-2 items-end gap-2 text-sm sm:grid-cols-[6rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <span className="row-start-1 self-center font-medium capitalize sm:self-end sm:font-normal">
                  {dayName}
                </span>
                <div>
                  <Label htmlFor={open.id} className="mb-0.5 text-xs font-normal text-slate-500">
                    {t("stores:details.opens")}
                    <span className="sr-only">{t("stores:details.onDay", { day: dayName })}</span>
                  </Label>
                  <Input {...getInputProps(open, { type: "time", ariaAttributes: false })} {...described(open)} />
                </div>
                <div>
                  <Label htmlFor={close.id} className="mb-0.5 text-xs font-normal text-slate-500">
                    {t("stores:details.closes")}
                    <span className="sr-only">{t("stores:details.onDay", { day: dayName })}</span>
                  </Label>
                  <Input {...getInputProps(close, { type: "time", ariaAttributes: false })} {...described(close)} />
                </div>
                <label className="col-start-2 row-start-1 flex items-center gap-1.5 self-center justify-self-end sm:col-start-4 sm:self-end sm:justify-self-auto">
                  <input {...getInputProps(closed, { type: "checkbox", ariaAttributes: false })} />{" "}
                  {t("stores:details.closed")}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
