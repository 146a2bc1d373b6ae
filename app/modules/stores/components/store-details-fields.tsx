import { getCollectionProps, getInputProps, getTextareaProps, type DefaultValue } from "@conform-to/react";
import type { z } from "zod";
import { Field, Input, Label, Textarea } from "~/components/ui/field";
import { categoryLabel, STORE_CATEGORY_OPTIONS } from "~/lib/categories";
import { lazySchema, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import type { storeDetailsSchema } from "../store-form.schema";
import { WEEKDAYS } from "../store-form-values";

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
        <Field id={fields.name.id} label="Store Name" error={fields.name.errors?.[0]}>
          <Input {...getInputProps(fields.name, { type: "text" })} required maxLength={120} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id={fields.description.id} label="Description" error={fields.description.errors?.[0]}>
          <Textarea {...getTextareaProps(fields.description)} rows={3} />
        </Field>
      </div>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">About your company</legend>
        <Field id={fields.yearFounded.id} label="Year founded" error={fields.yearFounded.errors?.[0]}>
          <Input {...getInputProps(fields.yearFounded, { type: "text" })} inputMode="numeric" placeholder="e.g. 1998" />
        </Field>
        <Field id={fields.productionCapacity.id} label="Monthly output" error={fields.productionCapacity.errors?.[0]}>
          <Input {...getInputProps(fields.productionCapacity, { type: "text" })} placeholder="e.g. 40,000 towels" />
        </Field>
        <div className="sm:col-span-2">
          <Field
            id={fields.certifications.id}
            label="Certifications (separated by commas)"
            error={fields.certifications.errors?.[0]}
          >
            <Input
              {...getInputProps(fields.certifications, { type: "text" })}
              placeholder="e.g. GOTS, OEKO-TEX Standard 100, ISO 9001"
            />
          </Field>
        </div>
      </fieldset>
      {text("phone", "Phone", "tel", "tel")}
      {text("email", "Email", "email", "email")}
      <div className="sm:col-span-2">{text("website", "Website", "url", "url")}</div>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Address</legend>
        <div className="sm:col-span-2">{text("street", "Street", "text", "street-address")}</div>
        {text("city", "City", "text", "address-level2")}
        {text("state", "State", "text", "address-level1")}
        {text("zipCode", "ZIP / PIN Code", "text", "postal-code")}
        {text("country", "Country", "text", "country-name")}
      </fieldset>
      <fieldset className="sm:col-span-2" aria-describedby={categoriesError ? fields.categories.errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Categories</legend>
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
              <input {...checkbox} id={`${fields.categories.id}-${index}`} /> {categoryLabel(checkbox.value)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="sm:col-span-2" aria-describedby={hoursError ? fields.businessHours.errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Business Hours</legend>
        {hoursError ? (
          <p id={fields.businessHours.errorId} className="mb-2 text-sm text-red-600" role="alert">
            {hoursError}
          </p>
        ) : null}
        <div className="space-y-2">
          {WEEKDAYS.map((day) => {
            const { open, close, closed } = hours[day].getFieldset();
            // a wrong time is told in the group's message above
            const described = (meta: typeof open) =>
              meta.errors ? { "aria-invalid": true, "aria-describedby": fields.businessHours.errorId } : {};
            return (
              // on a phone the day and "Closed" take a line above the two times
              <div
                key={day}
                className="grid grid-cols-2 items-end gap-2 text-sm sm:grid-cols-[6rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <span className="row-start-1 self-center font-medium capitalize sm:self-end sm:font-normal">{day}</span>
                <div>
                  <Label htmlFor={open.id} className="mb-0.5 text-xs font-normal text-slate-500">
                    Opens<span className="sr-only"> on {day}</span>
                  </Label>
                  <Input {...getInputProps(open, { type: "time", ariaAttributes: false })} {...described(open)} />
                </div>
                <div>
                  <Label htmlFor={close.id} className="mb-0.5 text-xs font-normal text-slate-500">
                    Closes<span className="sr-only"> on {day}</span>
                  </Label>
                  <Input {...getInputProps(close, { type: "time", ariaAttributes: false })} {...described(close)} />
                </div>
                <label className="col-start-2 row-start-1 flex items-center gap-1.5 self-center justify-self-end sm:col-start-4 sm:self-end sm:justify-self-auto">
                  <input {...getInputProps(closed, { type: "checkbox", ariaAttributes: false })} /> Closed
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
