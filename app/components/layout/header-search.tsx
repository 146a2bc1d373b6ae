import { useTranslation } from "react-i18next";
import { Search } from "lucide-react";
import { useId, useState, type ComponentType } from "react";
import { Form } from "react-router";

export const SEARCH_INPUT_CLASSES =
  "h-10 w-full rounded-full border border-slate-300 bg-slate-50 pl-9 pr-4 text-sm focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30";

/** What the suggesting box takes over from the plain one. */
export type TakeOver = { value: string; focused: boolean; selectionStart: number; selectionEnd: number };

type Combobox = ComponentType<{ className?: string; label: string; initial: TakeOver }>;
let loaded: Combobox | null = null;
let loading: Promise<Combobox> | null = null;
function loadCombobox() {
  loading ??= import("./header-search-combobox").then((m) => (loaded = m.default));
  return loading;
}

/**
 * Header search. Server-rendered (and without JavaScript) it is a plain GET form to /browse. The suggesting
 * combobox (downshift, and the suggestions client) is only loaded when a visitor reaches for the box
 * (pointer over it, a touch, focus): most page views never search, so they do not pay for it.
 */
export function HeaderSearch({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation(["common"]);
  label ??= t("common:search.region");
  const [takeOver, setTakeOver] = useState<TakeOver | null>(null);
  const id = useId();

  if (takeOver && loaded) {
    const Enhanced = loaded;
    return <Enhanced className={className} label={label} initial={takeOver} />;
  }

  const enhance = (input: HTMLInputElement) => {
    void loadCombobox().then(() =>
      setTakeOver({
        value: input.value,
        focused: document.activeElement === input,
        selectionStart: input.selectionStart ?? input.value.length,
        selectionEnd: input.selectionEnd ?? input.value.length,
      }),
    );
  };

  return (
    <Form method="get" action="/browse" role="search" aria-label={label} className={className}>
      <label htmlFor={`${id}-input`} id={`${id}-label`} className="sr-only">
        {t("common:search.label")}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          id={`${id}-input`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded="false"
          aria-controls={`${id}-menu`}
          autoComplete="off"
          name="q"
          type="search"
          placeholder={t("common:search.placeholder")}
          className={SEARCH_INPUT_CLASSES}
          onPointerEnter={() => void loadCombobox()}
          onTouchStart={(event) => enhance(event.currentTarget)}
          onFocus={(event) => enhance(event.currentTarget)}
          onInput={(event) => enhance(event.currentTarget)}
        />
        <div
          hidden
          className="absolute left-0 right-0 top-full z-50 mt-1 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <ul id={`${id}-menu`} role="listbox" aria-label={t("common:search.suggestions")} hidden />
        </div>
      </div>
    </Form>
  );
}
