import type { TFunction } from "i18next";
import { createContext, use, useContext, useMemo, useState, type ReactNode } from "react";
import type { Namespace } from "./config";
import { translate, type Texts } from "./texts";

/**
 * The page's language and the texts loaded so far (app/i18n/texts.ts). On the server: the request's language with
 * every namespace, noting those used (the page carries them: i18n-resources.tsx). In the browser: what the page
 * carried, and the namespaces a later page needs, fetched as chunks when it first renders.
 */
export type TextStore = {
  lng: string;
  texts: Texts;
  used: Set<string>;
  /** the browser's loader of a namespace not yet here; none on the server, which has them all */
  load?: (lng: string, ns: string) => Promise<Texts[string]>;
};

type I18nState = { store: TextStore; changeLanguage: (lng: string) => Promise<void> };
const I18nContext = createContext<I18nState | null>(null);

const loading = new Map<string, Promise<void>>();
function loadInto(store: TextStore, lng: string, namespaces: readonly string[]): Promise<void> {
  const key = `${lng}:${namespaces.join(",")}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = Promise.all(
      namespaces.map(async (ns) => {
        const texts = await store.load!(lng, ns);
        if (lng === store.lng) store.texts[ns] = texts;
      }),
    ).then(() => undefined);
    loading.set(key, pending);
  }
  return pending;
}

export function TextsProvider({ store: initial, children }: { store: TextStore; children: ReactNode }) {
  const [store, setStore] = useState(initial);
  const state = useMemo<I18nState>(
    () => ({
      store,
      // after signing in to an account that chose another language: that language's texts of the namespaces
      // the page has, then the page re-renders in it
      async changeLanguage(lng) {
        if (lng === store.lng || !store.load) return;
        const next: TextStore = { ...store, lng, texts: {} };
        await Promise.all(Object.keys(store.texts).map(async (ns) => (next.texts[ns] = await store.load!(lng, ns))));
        setStore(next);
      },
    }),
    [store],
  );
  return <I18nContext value={state}>{children}</I18nContext>;
}

/**
 * react-i18next's hook, as far as Setu uses it: `t` for keys with their namespace, typed by i18next's types from
 * the English files; `i18n.language`. A namespace the browser lacks suspends the render until its chunk arrives (a
 * navigation is a transition: the old page stays meanwhile).
 */
export function useTranslation<const N extends readonly Namespace[] = ["common"]>(namespaces?: N) {
  const state = useContext(I18nContext);
  if (!state) throw new Error("useTranslation outside TextsProvider");
  const { store, changeLanguage } = state;
  const wanted = namespaces ?? ["common"];
  for (const ns of wanted) store.used.add(ns);
  const missing = wanted.filter((ns) => !(ns in store.texts));
  if (missing.length > 0 && store.load) use(loadInto(store, store.lng, missing));
  const t = ((key: string, options?: Record<string, unknown>) =>
    translate(store.lng, store.texts, key, options)) as unknown as TFunction<N extends readonly [] ? ["common"] : N>;
  return { t, i18n: { language: store.lng, changeLanguage } };
}

/** The store itself: for the page's JSON of texts (i18n-resources.tsx). */
export function useTextStore(): TextStore {
  const state = useContext(I18nContext);
  if (!state) throw new Error("useTextStore outside TextsProvider");
  return state.store;
}
