import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState, type FormEvent } from "react";
import type { z } from "zod";
import { settleBeforeReady } from "~/components/ui/lazy-part";

/** A form's answer from the server, in the shape Conform's `useForm({ lastResult })` reads. */
export type FormReply = SubmissionResult<string[]>;

type FormValue = string | FormValue[] | { [name: string]: FormValue };

/** A domain command's refusal: one message per field, and perhaps one for the whole form. */
export type RefusedForm = { fieldErrors?: Partial<Record<string, string>>; formError?: string | null };

/**
 * The server's answer to a refused form, for Conform: the domain command's messages (first per field, the form's
 * own under ""), and the values as they were entered, so that the form shows both again, with or without
 * JavaScript. `values` is the posted form or the values the domain read from it; `hideFields` (passwords) are
 * never sent back. The domain command stays the only judge: this only reshapes its answer.
 */
export function refusedFormReply(
  refused: RefusedForm,
  values: FormData | Record<string, unknown> | null | undefined,
  options: { hideFields?: readonly string[] } = {},
): FormReply {
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(refused.fieldErrors ?? {})) if (message) error[name] = [message];
  if (refused.formError) error[""] = [refused.formError];
  const initialValue: Record<string, FormValue> = {};
  for (const [name, value] of values instanceof FormData ? formEntries(values) : Object.entries(values ?? {})) {
    const serialized = toFormValue(value);
    if (serialized !== undefined && !options.hideFields?.includes(name)) initialValue[name] = serialized;
  }
  return {
    status: "error",
    initialValue,
    error,
    fields: [...new Set([...Object.keys(initialValue), ...Object.keys(error).filter(Boolean)])],
  };
}

/** The posted strings by name (a repeated name, such as a group of checkboxes, as a list); files are left out. */
function formEntries(form: FormData): [string, unknown][] {
  const byName = new Map<string, string[]>();
  for (const [name, value] of form)
    if (typeof value === "string") byName.set(name, [...(byName.get(name) ?? []), value]);
  return [...byName].map(([name, list]) => [name, list.length === 1 ? list[0] : list]);
}

/** A value as a form control holds it: text, "on" for a ticked box, lists and groups of those. */
function toFormValue(value: unknown): FormValue | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (Array.isArray(value)) return value.map(toFormValue).filter((item) => item !== undefined);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const group: Record<string, FormValue> = {};
    for (const [name, item] of Object.entries(value)) {
      const serialized = toFormValue(item);
      if (serialized !== undefined) group[name] = serialized;
    }
    return group;
  }
  return undefined;
}

type AnySchema = z.ZodType<unknown, Record<string, unknown>>;
type Check = (formData: FormData) => Submission<unknown, string[], unknown>;

/** A form's schema (and the function that reshapes the posted form for it, if any), loaded on demand. */
export type LazySchema<Schema extends AnySchema> = {
  /** the check, once the schema and zod have arrived */
  check: Check | null;
  load: () => Promise<void>;
  /** only carries the schema's type */
  readonly schema?: Schema;
};

/**
 * The schema a form is checked by in the browser, imported dynamically so that zod (25 KB gzipped) and the schema
 * stay out of the page's first JavaScript (route budgets, tests/integration/js-budget.test.ts). Declare it once per
 * module, beside the form: `lazySchema(() => import("…schema").then((m) => ({ schema: m.contactSchema })))`.
 * In the browser the code is fetched as soon as the module is (alongside hydration, not before it), and the page
 * counts as hydrated (`<html data-hydrated>`) only once it has arrived. `read` is for a form whose schema wants the
 * posted fields reshaped first: the very function the domain command applies to the posted form.
 */
export function lazySchema<Schema extends AnySchema>(
  load: () => Promise<{ schema: Schema; read?: (form: FormData) => unknown }>,
): LazySchema<Schema> {
  let loading: Promise<void> | null = null;
  const lazy: LazySchema<Schema> = {
    check: null,
    load: () =>
      (loading ??= Promise.all([load(), import("./validated-form-check")]).then(([{ schema, read }, { checkForm }]) => {
        lazy.check = (formData) => checkForm(formData, schema, read);
      })),
  };
  if (typeof document !== "undefined") settleBeforeReady(lazy.load());
  return lazy;
}

/**
 * A Conform form checked in the browser by the same zod schema the server's domain command uses, so the same
 * messages show before a round trip: first when a field loses focus, then as it is corrected. The server still
 * checks every post (`lastResult` carries its answer), and without JavaScript the form posts as a plain form.
 * Until the schema has arrived (`lazySchema`: moments after hydration) the form is checked only by the server,
 * on submit: a check on blur without a schema would post the form to have it checked.
 *
 * Pressing the form's submit button does not take the focus from the field being typed in: otherwise that field's
 * check would run on mousedown, its new message would push the button down, and the mouseup would land beside it,
 * losing the click. Submitting checks every field anyway.
 */
export function useValidatedForm<Schema extends AnySchema>({
  id,
  schema,
  lastResult,
  defaultValue,
  onSubmit,
}: {
  /** the form's id, also the prefix of its fields' ids (`${id}-${name}`) and of their error messages' (`${id}-${name}-error`) */
  id: string;
  schema: LazySchema<Schema>;
  lastResult?: FormReply | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** called with the checked submission instead of a plain post (a form that sends through a fetcher); never when the check fails */
  onSubmit?: (
    event: FormEvent<HTMLFormElement>,
    context: { submission?: Submission<z.input<Schema>, string[], z.output<Schema>>; formData: FormData },
  ) => void;
}) {
  const [check, setCheck] = useState(() => schema.check);
  useEffect(() => {
    if (check) return;
    let stale = false;
    // a schema that fails to load leaves the checking to the server
    schema.load().then(
      () => {
        if (!stale) setCheck(() => schema.check);
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [schema, check]);
  useEffect(() => {
    const keepFocus = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest("button, input") : null;
      if (
        (button instanceof HTMLButtonElement || button instanceof HTMLInputElement) &&
        button.type === "submit" &&
        button.form?.id === id
      )
        event.preventDefault();
    };
    document.addEventListener("mousedown", keepFocus);
    return () => document.removeEventListener("mousedown", keepFocus);
  }, [id]);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: check ? "onBlur" : "onSubmit",
    shouldRevalidate: check ? "onInput" : "onSubmit",
    onSubmit,
    onValidate: check
      ? ({ formData }) => check(formData) as Submission<z.input<Schema>, string[], z.output<Schema>>
      : undefined,
  });
}
