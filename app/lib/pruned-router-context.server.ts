import { LRUCache } from "lru-cache";
import type { EntryContext } from "react-router";

type ManifestRoutes = EntryContext["manifest"]["routes"];

type Match = EntryContext["staticHandlerContext"]["_match"];

/**
 * A path's matches, the last thousand paths remembered per route tree: a path's ancestors are few, a store's ids
 * are not. `match` is the static handler's own matcher (one per build), so the matches are its own.
 */
const remembered = new WeakMap<Match, LRUCache<string, NonNullable<ReturnType<Match>> | false>>();
function rememberedMatch(match: Match): Match {
  let byPath = remembered.get(match);
  if (!byPath) remembered.set(match, (byPath = new LRUCache({ max: 1_000 })));
  const cache = byPath;
  return (location) => {
    if (typeof location !== "string") return match(location);
    let matches = cache.get(location);
    if (matches === undefined) cache.set(location, (matches = match(location) ?? false));
    return matches || null;
  };
}

/**
 * The router context with a manifest holding only the routes this page's HTML can name: the matched ones and those
 * matching each ancestor path, the set React Router's `<Scripts>` sends the browser (its `getPartialManifest`, for
 * lazy route discovery). `ServerRouter` builds a route tree, components and all, from every manifest route, and
 * `<Scripts>` matches the ancestor paths against every route, on every page: with ~60 routes the rendered home page
 * cost a quarter more CPU (decision record 0037, last addendum; bench/README.md, throughput round 10). The browser gets the same manifest either way and the page is byte for byte
 * the same (tests/e2e/route-manifest.test.ts checks the manifest against React Router's own discovery endpoint).
 */
export function prunedRouterContext(context: EntryContext): EntryContext {
  const routes = context.manifest.routes;
  const keep = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  // the ancestor paths as getPartialManifest walks them: "/" and every proper prefix of the path's segments
  const segments = context.staticHandlerContext.location.pathname.split("/").filter(Boolean);
  segments.pop();
  const paths = ["/"];
  for (; segments.length > 0; segments.pop()) paths.push(`/${segments.join("/")}`);
  const match = rememberedMatch(context.staticHandlerContext._match);
  for (const path of paths) for (const { route } of match(path) ?? []) keep.add(route.id);
  // a kept route's parents are kept too (a tree without them would not hold it)
  for (const id of [...keep])
    for (let parent = routes[id]?.parentId; parent; parent = routes[parent]?.parentId) keep.add(parent);
  const pruned: ManifestRoutes = {};
  for (const id of keep) if (routes[id]) pruned[id] = routes[id];
  // <Scripts> matches the same ancestor paths again, through the context's matcher: remembered too
  return {
    ...context,
    manifest: { ...context.manifest, routes: pruned },
    staticHandlerContext: { ...context.staticHandlerContext, _match: match },
  };
}
