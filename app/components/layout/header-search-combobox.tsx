import { useTranslation } from "react-i18next";
import { useCombobox } from "downshift";
import { Search } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { cn } from "~/components/ui/cn";
import type { SearchSuggestions, Suggestion } from "~/modules/search/suggestions.schema";
import { SEARCH_INPUT_CLASSES, type TakeOver } from "./header-search";

const HIDE_DELAY_MS = 200;

/**
 * The header search once the visitor reaches for it (header-search.tsx loads this on demand): suggests real
 * categories, products and stores as the user types; Enter searches the marketplace. The combobox is
 * downshift's (arrow keys, Home/End, Enter, Escape, aria-activedescendant). It takes over from the plain box
 * with what was typed there, and the focus and caret when the plain box had them.
 */
export default function HeaderSearchCombobox({
  className,
  label,
  initial,
}: {
  className?: string;
  label: string;
  initial: TakeOver;
}) {
  const { t } = useTranslation(["common"]);
  const fetcher = useFetcher<SearchSuggestions>();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initial.value);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);

  // in the same commit that swaps the plain box for this one: a key pressed in between would reach no box at all
  // (the plain one is gone, focus on the page), and the words typed lost
  useLayoutEffect(() => {
    if (!initial.focused || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(initial.selectionStart, initial.selectionEnd);
  }, [initial]);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const timer = setTimeout(() => fetcher.load(`/api/search-suggestions?q=${encodeURIComponent(q)}`), 150);
    return () => clearTimeout(timer);
    // fetcher.load is stable enough for this purpose; re-running on fetcher changes would loop
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const typed = query.trim().length >= 2;
  const data = typed ? fetcher.data : undefined;
  const items: Suggestion[] = data ? [...data.categories, ...data.products, ...data.stores] : [];

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, closeMenu } =
    useCombobox<Suggestion>({
      items,
      itemToString: (item) => item?.label ?? "",
      itemToKey: (item) => (item ? `${item.kind}-${item.href}` : null),
      initialIsOpen: initial.focused && initial.value.trim().length >= 2,
      inputValue: query,
      onInputValueChange: ({ inputValue }) => setQuery(inputValue),
      // nothing stays selected: choosing a suggestion goes to its page, and choosing it again goes there again
      selectedItem: null,
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem) void navigate(selectedItem.href);
      },
      stateReducer: (state, { type, changes }) => {
        switch (type) {
          // going to a suggestion keeps the words typed in the box
          case useCombobox.stateChangeTypes.ItemClick:
          case useCombobox.stateChangeTypes.InputKeyDownEnter:
            return { ...changes, inputValue: state.inputValue };
          // leaving the box never chooses the highlighted suggestion; the box hides a moment later (onBlur)
          case useCombobox.stateChangeTypes.InputBlur:
            return { ...changes, isOpen: state.isOpen, selectedItem: state.selectedItem, inputValue: state.inputValue };
          default:
            return changes;
        }
      },
    });

  const showBox = isOpen && typed;

  return (
    <Form method="get" action="/browse" role="search" aria-label={label} className={className}>
      <label {...getLabelProps()} className="sr-only">
        Search products, suppliers and categories
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          {...getInputProps({
            onKeyDown: (event) => {
              // Enter with no suggestion highlighted submits the form: a search of the marketplace
              if (event.key === "Enter" && highlightedIndex < 0) {
                (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
                  true;
                closeMenu();
              }
            },
            onFocus: () => clearTimeout(hideTimer.current),
            onBlur: () => {
              hideTimer.current = setTimeout(closeMenu, HIDE_DELAY_MS);
            },
            ref: input,
          })}
          name="q"
          type="search"
          placeholder={t("common:search.placeholder")}
          className={SEARCH_INPUT_CLASSES}
        />
        <div
          hidden={!showBox}
          className="absolute left-0 right-0 top-full z-50 mt-1 max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {/* always rendered, for the input's aria-controls; empty and hidden while there is nothing to choose */}
          <ul
            {...getMenuProps({ "aria-label": t("common:search.suggestions") })}
            hidden={!showBox || items.length === 0}
          >
            {showBox
              ? items.map((item, index) => (
                  <li
                    key={`${item.kind}-${item.href}`}
                    {...getItemProps({ item, index })}
                    className={cn(
                      "flex cursor-pointer items-center justify-between gap-3 px-4 py-2 text-sm",
                      highlightedIndex === index && "bg-slate-100",
                    )}
                  >
                    <span className="truncate">{item.label}</span>
                    <span className="shrink-0 text-xs capitalize text-slate-500">{item.kind}</span>
                  </li>
                ))
              : null}
          </ul>
          {showBox && items.length === 0 ? (
            <p className="px-4 py-2 text-sm text-slate-500">
              {fetcher.state === "loading" ? t("common:search.searching") : t("common:search.noSuggestions")}
            </p>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
