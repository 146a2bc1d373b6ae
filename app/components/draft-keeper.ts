import { parse } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useActionData, useNavigation } from "react-router";
import { useRootUser } from "~/components/layout/use-root-user";
import {
  deleteDraft,
  draftKey,
  draftsGeneration,
  formFields,
  isFormControl,
  readDraft,
  saveDraft,
  worthKeeping,
  type Draft,
  type DraftFields,
  type KeepHidden,
} from "~/lib/drafts";
import type { DraftNoun } from "./draft-texts";

/** What the notice shows: nothing, a kept draft to restore, a post that could not leave, or that post going. */
export type DraftStatus = "none" | "offered" | "unsent" | "sending";

export type FormDraft = {
  noun: DraftNoun;
  status: DraftStatus;
  /** the device has been asked for a kept draft (and answered): nothing shown now means there is none */
  looked: boolean;
  draft: Draft | null;
  online: boolean;
  /** Restore or Send now needs the form, which is not on the page: open what holds it (a disclosure) */
  wantsForm: boolean;
  restore: () => void;
  discard: () => void;
  send: () => void;
  /** the post went through: the draft is deleted (forms that post through a fetcher say so themselves) */
  sent: () => void;
  /** the form changed without an input event (an upload added a hidden field): keep it as typed text is kept */
  changed: () => void;
};

const SAVE_AFTER_MS = 300;
const FORM_WAIT_MS = 3000;
/** a post that has not left this long after "Send now" was stopped by the form's own check */
const STOPPED_AFTER_MS = 1500;

/**
 * Keeps a form's unsent text on the device as it is typed (app/lib/drafts.ts, per account), offers it again after
 * a reload or a crash, and keeps a post made without a connection to be sent with one tap (decision record 0059).
 *
 * It watches the form by its id through document events, so the form may mount later (in a disclosure, a dialog)
 * and the form's own code only calls this hook and renders `<DraftNotice>`. A submit while the browser is offline
 * is stopped before React sees it; "Send now" submits the very form again, so the post goes to the same action with
 * the same checks (origin, validation) as a tap on its own button. A route form's draft is deleted when its action
 * answers without `ok: false` (a redirect, mostly); a fetcher form calls `sent()`.
 */
export function useFormDraft({
  formId,
  name,
  noun,
  restoreFields = fillForm,
  openForm,
  sentBy = "route-action",
  busy = false,
  keepHidden,
}: {
  /** the form element's id */
  formId: string;
  /** which draft: the form and what it is about, like `quote:<rfq id>` (the account is added) */
  name: string;
  noun: DraftNoun;
  /** puts the draft's fields into the form; by default into its controls (a form with rows to add passes its own) */
  restoreFields?: (fields: DraftFields, form: HTMLFormElement | null) => void;
  /** shows the form when it is hidden away (a closed dialog) */
  openForm?: () => void;
  sentBy?: "route-action" | "caller";
  /** a caller's form is posting (its fetcher is not idle) */
  busy?: boolean;
  /** hidden fields worth keeping (the URLs of uploaded images); other hidden fields never are */
  keepHidden?: KeepHidden;
}): FormDraft {
  const userId = useRootUser()?.id ?? null;
  const key = userId ? draftKey(userId, name) : null;
  const [status, setStatus] = useState<DraftStatus>("none");
  const [draft, setDraft] = useState<Draft | null>(null);
  const [looked, setLooked] = useState(false);
  const [wantsForm, setWantsForm] = useState(false);
  const [online, setOnline] = useState(true);
  const initial = useRef<DraftFields | null>(null);
  const hiddenKept = useRef(keepHidden);
  hiddenKept.current = keepHidden;
  const fieldsOf = useCallback((form: HTMLFormElement) => formFields(form, hiddenKept.current), []);
  const schedule = useRef<((form: HTMLFormElement) => void) | null>(null);
  const unsentRef = useRef(false);

  // the kept draft, once per account and form
  useEffect(() => {
    setStatus("none");
    setDraft(null);
    setLooked(false);
    initial.current = null;
    if (!key) return;
    let stale = false;
    readDraft(key).then(
      (kept) => {
        if (stale) return;
        setLooked(true);
        if (!kept) return;
        const form = document.getElementById(formId);
        // the form already holds it (a form the server filled back in): nothing to offer
        if (form instanceof HTMLFormElement && !worthKeeping(kept.fields, fieldsOf(form))) return;
        unsentRef.current = kept.unsent;
        setDraft(kept);
        setStatus(kept.unsent ? "unsent" : "offered");
      },
      () => setLooked(true),
    );
    return () => {
      stale = true;
    };
  }, [key, formId, fieldsOf]);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    addEventListener("online", update);
    addEventListener("offline", update);
    return () => {
      removeEventListener("online", update);
      removeEventListener("offline", update);
    };
  }, []);

  // typing is kept: a moment after the last key, and at once when the page is hidden or left
  useEffect(() => {
    if (!key) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let due: { form: HTMLFormElement; since: number } | null = null;
    const ours = (target: EventTarget | null) => {
      const form = target instanceof Element ? (target as HTMLInputElement).form : null;
      return form instanceof HTMLFormElement && form.id === formId ? form : null;
    };
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (!due) return;
      const { form, since } = due;
      due = null;
      const fields = fieldsOf(form);
      if (worthKeeping(fields, initial.current ?? [])) {
        void saveDraft(key, { fields, savedAt: Date.now(), unsent: unsentRef.current }, since).catch(() => undefined);
      } else if (!unsentRef.current) void deleteDraft(key).catch(() => undefined);
    };
    const remember = (event: Event) => {
      const form = ours(event.target);
      if (form && !initial.current) initial.current = fieldsOf(form);
    };
    const later = (form: HTMLFormElement) => {
      initial.current ??= [];
      due = { form, since: draftsGeneration() };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, SAVE_AFTER_MS);
    };
    schedule.current = later;
    const typed = (event: Event) => {
      const form = ours(event.target);
      if (form) later(form);
    };
    const hidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("focusin", remember, true);
    document.addEventListener("input", typed, true);
    document.addEventListener("change", typed, true);
    document.addEventListener("visibilitychange", hidden);
    addEventListener("pagehide", flush);
    return () => {
      flush();
      schedule.current = null;
      document.removeEventListener("focusin", remember, true);
      document.removeEventListener("input", typed, true);
      document.removeEventListener("change", typed, true);
      document.removeEventListener("visibilitychange", hidden);
      removeEventListener("pagehide", flush);
    };
  }, [key, formId, fieldsOf]);

  const changed = useCallback(() => {
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) schedule.current?.(form);
  }, [formId]);

  // a submit without a connection stays on the device; one with a connection is followed to its answer
  const armed = useRef<{ intent: string | null; running: boolean } | null>(null);
  useEffect(() => {
    if (!key) return;
    const submitted = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.id !== formId) return;
      if (navigator.onLine) {
        const intent = form.elements.namedItem("intent");
        armed.current = { intent: intent instanceof HTMLInputElement ? intent.value : null, running: false };
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      const kept: Draft = { fields: fieldsOf(form), savedAt: Date.now(), unsent: true };
      unsentRef.current = true;
      setDraft(kept);
      setStatus("unsent");
      void saveDraft(key, kept).catch(() => undefined);
    };
    // capturing on the window: before the form's own handlers (Conform, React Router) see the event
    addEventListener("submit", submitted, true);
    return () => removeEventListener("submit", submitted, true);
  }, [key, formId, fieldsOf]);

  // "Send now" pressed: whether the post has left yet
  const sending = useRef<{ went: boolean } | null>(null);
  /** The post reached the server and was refused (the form shows why), or the form's own check stopped it. */
  const stopSending = useCallback(() => {
    sending.current = null;
    unsentRef.current = false;
    setStatus((now) => (now === "sending" ? "none" : now));
  }, []);

  const forget = useCallback(() => {
    sending.current = null;
    unsentRef.current = false;
    armed.current = null;
    setDraft(null);
    setStatus("none");
    if (key) void deleteDraft(key).catch(() => undefined);
  }, [key]);

  const navigation = useNavigation();
  const actionData: unknown = useActionData();
  useEffect(() => {
    const watch = armed.current;
    if (sentBy !== "route-action" || !watch) return;
    if (navigation.state !== "idle") {
      const intent = navigation.formData?.get("intent") ?? null;
      if (navigation.formData && (watch.intent === null || intent === watch.intent)) {
        watch.running = true;
        if (sending.current) sending.current.went = true;
      }
      return;
    }
    if (!watch.running) return;
    armed.current = null;
    const refused =
      actionData !== null && typeof actionData === "object" && (actionData as { ok?: unknown }).ok === false;
    if (refused) {
      // the form shows the server's answer; the text stays kept as it was typed
      stopSending();
      return;
    }
    forget();
  }, [navigation.state, navigation.formData, actionData, sentBy, forget, stopSending]);

  // a caller's form: its post went when it turned busy; idle again without `sent()`, it was refused
  useEffect(() => {
    const went = sending.current;
    if (sentBy !== "caller" || !went) return;
    if (busy) went.went = true;
    else if (went.went) stopSending();
  }, [busy, sentBy, stopSending]);

  /** Runs `then` with the form once it is on the page (a dialog or disclosure may be opening). */
  const withForm = useCallback(
    (then: (form: HTMLFormElement) => void) => {
      if (!document.getElementById(formId)) {
        openForm?.();
        setWantsForm(true);
      }
      const until = Date.now() + FORM_WAIT_MS;
      const look = () => {
        const form = document.getElementById(formId);
        if (form instanceof HTMLFormElement) {
          setWantsForm(false);
          then(form);
        } else if (Date.now() < until) requestAnimationFrame(look);
        else setWantsForm(false);
      };
      look();
    },
    [formId, openForm],
  );

  const restore = useCallback(() => {
    if (!draft) return;
    const fields = draft.fields;
    setStatus("none");
    withForm((form) => restoreFields(fields, form));
  }, [draft, withForm, restoreFields]);

  const send = useCallback(() => {
    if (!draft) return;
    const fields = draft.fields;
    setStatus("sending");
    withForm((form) => {
      if (!holds(fieldsOf(form), fields)) restoreFields(fields, form);
      // the restored values reach the form's controls with React's next render
      const until = Date.now() + FORM_WAIT_MS;
      const submit = () => {
        if (!holds(fieldsOf(form), fields) && Date.now() < until) {
          requestAnimationFrame(submit);
          return;
        }
        const attempt = { went: false };
        sending.current = attempt;
        form.requestSubmit();
        // the form's own check may stop it (its messages show by the fields): the tap can be made again
        setTimeout(() => {
          if (sending.current === attempt && !attempt.went) {
            sending.current = null;
            setStatus((now) => (now === "sending" ? (unsentRef.current ? "unsent" : "none") : now));
          }
        }, STOPPED_AFTER_MS);
      };
      submit();
    });
  }, [draft, withForm, restoreFields, fieldsOf]);

  return { noun, status, looked, draft, online, wantsForm, restore, discard: forget, send, sent: forget, changed };
}

/** Whether the form's fields (`now`) hold every field of the draft. */
function holds(current: DraftFields, fields: DraftFields): boolean {
  const now = current.map(([name, value]) => `${name}\u0000${value}`);
  return fields.every(([name, value]) => {
    const at = now.indexOf(`${name}\u0000${value}`);
    if (at === -1) return false;
    now.splice(at, 1);
    return true;
  });
}

/**
 * The default restore: each control named in the draft gets its value, as if typed (input and change events, so
 * Conform and React see it). Controls the draft does not name keep theirs.
 */
export function fillForm(fields: DraftFields, form: HTMLFormElement | null): void {
  if (!form) return;
  const values = new Map<string, string[]>();
  for (const [name, value] of fields) values.set(name, [...(values.get(name) ?? []), value]);
  for (const element of Array.from(form.elements)) {
    if (!isFormControl(element)) continue;
    const wanted = values.get(element.name);
    if (!wanted) continue;
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      const checked = wanted.includes(element.value);
      if (element.checked === checked) continue;
      element.checked = checked;
    } else {
      const value = wanted.shift() ?? "";
      if (element.value === value) continue;
      // the prototype's setter: React keeps its own for controlled fields
      const prototype = Object.getPrototypeOf(element) as object;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
    }
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** The draft's fields as a Conform form's value (`form.update({ value })`), for forms whose rows are added by it. */
export function conformValue(fields: DraftFields): Record<string, unknown> {
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  return parse(formData, { resolve: (value) => ({ value }) }).payload;
}
