import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, type FormEvent } from "react";
import { z } from "zod";

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
export function refusedFormReply(refused: RefusedForm, values: FormData | Record<string, unknown> | null | undefined, options: { hideFields?: readonly string[] } = {}): FormReply {
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(refused.fieldErrors ?? {})) if (message) error[name] = [message];
  if (refused.formError) error[""] = [refused.formError];
  const initialValue: Record<string, FormValue> = {};
  for (const [name, value] of values instanceof FormData ? formEntries(values) : Object.entries(values ?? {})) {
    const serialized = toFormValue(value);
    if (serialized !== undefined && !options.hideFields?.includes(name)) initialValue[name] = serialized;
  }
  return { status: "error", initialValue, error, fields: [...new Set([...Object.keys(initialValue), ...Object.keys(error).filter(Boolean)])] };
}

/** The posted strings by name (a repeated name, such as a group of checkboxes, as a list); files are left out. */
function formEntries(form: FormData): [string, unknown][] {
  const byName = new Map<string, string[]>();
  for (const [name, value] of form) if (typeof value === "string") byName.set(name, [...(byName.get(name) ?? []), value]);
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

/**
 * A Conform form checked in the browser by the same zod schema the server's domain command uses, so the same
 * messages show before a round trip: first when a field loses focus, then as it is corrected. The server still
 * checks every post (`lastResult` carries its answer), and without JavaScript the form posts as a plain form.
 *
 * Conform's automatic coercion is off: it would turn an empty field into `undefined`, and zod would then answer
 * with its own "expected string" instead of our messages. Like the domain commands, the schema reads the text as
 * posted. `read` is for a form whose schema wants the posted fields reshaped first: pass the very function the
 * domain command applies to the posted form.
 *
 * Pressing the form's submit button does not take the focus from the field being typed in: otherwise that field's
 * check would run on mousedown, its new message would push the button down, and the mouseup would land beside it,
 * losing the click. Submitting checks every field anyway.
 */
export function useValidatedForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>({
  id,
  schema,
  lastResult,
  defaultValue,
  read,
  onSubmit,
}: {
  /** the form's id, also the prefix of its fields' ids (`${id}-${name}`) and of their error messages' (`${id}-${name}-error`) */
  id: string;
  schema: Schema;
  lastResult?: FormReply | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  read?: (form: FormData) => unknown;
  /** called with the checked submission instead of a plain post (a form that sends through a fetcher); never when the check fails */
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: { submission?: Submission<z.input<Schema>, string[], z.output<Schema>>; formData: FormData }) => void;
}) {
  useEffect(() => {
    const keepFocus = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest("button, input") : null;
      if ((button instanceof HTMLButtonElement || button instanceof HTMLInputElement) && button.type === "submit" && button.form?.id === id) event.preventDefault();
    };
    document.addEventListener("mousedown", keepFocus);
    return () => document.removeEventListener("mousedown", keepFocus);
  }, [id]);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit,
    onValidate({ formData }) {
      const checked = read ? z.preprocess(() => read(formData), schema) : schema;
      return parseWithZod(formData, { schema: checked, disableAutoCoercion: true }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
    },
  });
}
