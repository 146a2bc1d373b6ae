import { clear, createStore, del, get, set, type UseStore } from "idb-keyval";

/**
 * Unsent form text kept on the device (decision record 0059): one IndexedDB store through `idb-keyval`, one entry
 * per account and form. The service worker empties the same store at sign-out (public/sw-setu.js): keep the names.
 */
export const DRAFTS_DATABASE = "setu-drafts";
export const DRAFTS_STORE = "drafts";

/** A form's fields as posted: name and text, in order (a repeated name, such as ticked boxes, appears twice). */
export type DraftFields = [name: string, value: string][];

export type Draft = {
  fields: DraftFields;
  /** ms since the epoch */
  savedAt: number;
  /** a post that could not leave the device (no connection): offered to be sent, not only restored */
  unsent: boolean;
};

/** A draft is kept for one account: another account signed in on the same browser never reads it. */
export function draftKey(userId: string, form: string): string {
  return `${userId}|${form}`;
}

const SECRET_NAME = /pass(word|code)|secret|token|otp|card|cvc|cvv|iban|account.?number/i;
const SKIPPED_TYPES = new Set(["password", "file", "hidden", "submit", "button", "reset", "image"]);

/** Names of hidden fields a form asks to keep (the URLs of images it has uploaded), for a form that has some. */
export type KeepHidden = (name: string) => boolean;

/**
 * Whether a control's value may be written to the device: never a password or card field (by type, by the
 * browser's `cc-*` autofill names, or by its name), never a file, nor a hidden field (the form's own intent)
 * unless the form names it in `keepHidden`.
 */
export function keepsField(
  control: { name: string; type: string; autocomplete?: string },
  keepHidden?: KeepHidden,
): boolean {
  if (!control.name || SECRET_NAME.test(control.name)) return false;
  const type = control.type.toLowerCase();
  if (type === "hidden") return keepHidden?.(control.name) ?? false;
  if (SKIPPED_TYPES.has(type)) return false;
  const autofill = (control.autocomplete ?? "").toLowerCase();
  return !/(^|\s)(cc-|current-password|new-password|one-time-code)/.test(autofill);
}

/** A control that holds a value a draft can keep: an input, a text area or a select. */
export function isFormControl(element: Element): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/** The fields of a form worth keeping, as the browser would post them; unchecked boxes and radios are left out. */
export function formFields(form: HTMLFormElement, keepHidden?: KeepHidden): DraftFields {
  const fields: DraftFields = [];
  for (const element of Array.from(form.elements)) {
    if (!isFormControl(element)) continue;
    if (element.disabled || !keepsField(element, keepHidden)) continue;
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      if (element.checked) fields.push([element.name, element.value]);
    } else if (element instanceof HTMLSelectElement && element.multiple) {
      for (const option of Array.from(element.selectedOptions)) fields.push([element.name, option.value]);
    } else fields.push([element.name, element.value]);
  }
  return fields;
}

/** Same fields with the same values in the same order. */
export function sameFields(a: DraftFields, b: DraftFields): boolean {
  return a.length === b.length && a.every(([name, value], i) => b[i]![0] === name && b[i]![1] === value);
}

/**
 * Worth keeping: something typed that the form did not start with. A form left as it opened (or emptied again)
 * has no draft.
 */
export function worthKeeping(fields: DraftFields, initial: DraftFields): boolean {
  return fields.some(([, value]) => value.trim() !== "") && !sameFields(fields, initial);
}

/** A stored value read back: anything not shaped like a draft (another version, a hand edit) is no draft. */
export function parseDraft(value: unknown): Draft | null {
  if (!value || typeof value !== "object") return null;
  const { fields, savedAt, unsent } = value as Record<string, unknown>;
  if (!Array.isArray(fields) || typeof savedAt !== "number") return null;
  const pairs = fields.filter(
    (pair): pair is [string, string] =>
      Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string" && typeof pair[1] === "string",
  );
  if (pairs.length !== fields.length) return null;
  return { fields: pairs, savedAt, unsent: unsent === true };
}

let store: UseStore | null = null;
const drafts = () => (store ??= createStore(DRAFTS_DATABASE, DRAFTS_STORE));

// every clearing ends the writes begun before it: a save racing a sign-out never lands after it
let generation = 0;

export async function readDraft(key: string): Promise<Draft | null> {
  return parseDraft(await get(key, drafts()));
}

/** Counts the clearings: a save scheduled before one passes the count it saw, and is dropped. */
export function draftsGeneration(): number {
  return generation;
}

export async function saveDraft(key: string, draft: Draft, since = generation): Promise<void> {
  if (since !== generation) return;
  const fields = draft.fields.filter(([name]) => keepsField({ name, type: "text" }));
  await set(key, { ...draft, fields }, drafts());
}

export async function deleteDraft(key: string): Promise<void> {
  await del(key, drafts());
}

/** Every draft on this device, of every account: at sign-out. */
export async function clearAllDrafts(): Promise<void> {
  generation += 1;
  await clear(drafts());
}
