import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { SearchSuggestions } from "~/modules/search/suggestions.schema";

const HIDE_DELAY_MS = 200;

/** Header search: suggests real categories, products and stores as the user types; Enter searches the marketplace. */
export function HeaderSearch({ className, label = "Site search" }: { className?: string; label?: string }) {
  const fetcher = useFetcher<SearchSuggestions>();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  const inputId = useId();

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const timer = setTimeout(() => fetcher.load(`/api/search-suggestions?q=${encodeURIComponent(q)}`), 150);
    return () => clearTimeout(timer);
    // fetcher.load is stable enough for this purpose; re-running on fetcher changes would loop
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const data = query.trim().length >= 2 ? fetcher.data : undefined;
  const items = data ? [...data.categories, ...data.products, ...data.stores] : [];
  const showBox = open && query.trim().length >= 2;

  return (
    <Form method="get" action="/browse" role="search" aria-label={label} className={className}>
      <label htmlFor={inputId} className="sr-only">
        Search products, suppliers and categories
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input
          id={inputId}
          name="q"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), HIDE_DELAY_MS);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") setOpen(false);
          }}
          placeholder="Search products, suppliers, categories..."
          role="combobox"
          aria-expanded={showBox}
          aria-controls={listId}
          aria-autocomplete="list"
          className="h-10 w-full rounded-full border border-slate-300 bg-slate-50 pl-9 pr-4 text-sm focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        {showBox ? (
          <div
            id={listId}
            role="listbox"
            aria-label="Search suggestions"
            className="absolute left-0 right-0 top-full z-50 mt-1 max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {items.length === 0 ? (
              <p className="px-4 py-2 text-sm text-slate-500">
                {fetcher.state === "loading" ? "Searching..." : "No suggestions. Press Enter to search."}
              </p>
            ) : (
              items.map((item) => (
                <Link
                  key={`${item.kind}-${item.href}`}
                  role="option"
                  aria-selected={false}
                  to={item.href}
                  onClick={() => setOpen(false)}
                  className="flex items-center justify-between gap-3 px-4 py-2 text-sm hover:bg-slate-50 focus:bg-slate-50"
                >
                  <span className="truncate">{item.label}</span>
                  <span className="shrink-0 text-xs capitalize text-slate-500">{item.kind}</span>
                </Link>
              ))
            )}
          </div>
        ) : null}
      </div>
    </Form>
  );
}
