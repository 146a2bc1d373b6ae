import { Field, Input, Label, Textarea } from "~/components/ui/field";
import { STORE_CATEGORY_OPTIONS } from "~/lib/categories";
import { defaultBusinessHours, WEEKDAYS, type BusinessHours } from "../store-form.schema";

export type StoreDetailsValues = {
  name?: string;
  description?: string;
  phone?: string;
  email?: string;
  website?: string;
  street?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  country?: string;
  categories?: string[];
  businessHours?: BusinessHours | null;
};

/** The store's details (Create Store form and the Settings tab): plain inputs, so it posts without JavaScript. */
export function StoreDetailsFields({ prefix, values = {}, errors = {} }: { prefix: string; values?: StoreDetailsValues; errors?: Record<string, string> }) {
  const hours = values.businessHours ?? defaultBusinessHours();
  const id = (name: string) => `${prefix}-${name}`;
  const text = (name: keyof StoreDetailsValues, label: string, type = "text", autoComplete?: string) => (
    <Field id={id(name)} label={label} error={errors[name]}>
      <Input id={id(name)} name={name} type={type} autoComplete={autoComplete} defaultValue={(values[name] as string | undefined) ?? (name === "country" ? "India" : "")} />
    </Field>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id={id("name")} label="Store Name" error={errors.name}>
          <Input id={id("name")} name="name" required maxLength={120} defaultValue={values.name ?? ""} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id={id("description")} label="Description" error={errors.description}>
          <Textarea id={id("description")} name="description" rows={3} defaultValue={values.description ?? ""} />
        </Field>
      </div>
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
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Categories</legend>
        {errors.categories ? <p className="mb-2 text-sm text-red-600">{errors.categories}</p> : null}
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {STORE_CATEGORY_OPTIONS.map((c) => (
            <label key={c} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="categories" value={c} defaultChecked={values.categories?.includes(c)} /> {c}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Business Hours</legend>
        {errors.businessHours ? <p className="mb-2 text-sm text-red-600">{errors.businessHours}</p> : null}
        <div className="space-y-2">
          {WEEKDAYS.map((day) => (
            <div key={day} className="grid grid-cols-[6rem_1fr_1fr_auto] items-end gap-2 text-sm">
              <span className="capitalize">{day}</span>
              <div>
                <Label htmlFor={id(`${day}-open`)} className="mb-0.5 text-xs font-normal text-slate-500">
                  Opens<span className="sr-only"> on {day}</span>
                </Label>
                <Input id={id(`${day}-open`)} name={`hours.${day}.open`} type="time" defaultValue={hours[day]?.open ?? "09:00"} />
              </div>
              <div>
                <Label htmlFor={id(`${day}-close`)} className="mb-0.5 text-xs font-normal text-slate-500">
                  Closes<span className="sr-only"> on {day}</span>
                </Label>
                <Input id={id(`${day}-close`)} name={`hours.${day}.close`} type="time" defaultValue={hours[day]?.close ?? "18:00"} />
              </div>
              <label className="flex items-center gap-1.5">
                <input type="checkbox" name={`hours.${day}.closed`} defaultChecked={hours[day]?.closed} /> Closed
              </label>
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
