import type { DataRouteObject, EntryContext } from "react-router";
import { LRUCache } from "lru-cache";
import { matchRoutes } from "react-router";

type ManifestRoutes = EntryContext["manifest"]["routes"];

/** The manifest's routes as a tree `matchRoutes` can match against, built once per manifest. */
const trees = new WeakMap<ManifestRoutes, DataRouteObject[]>();
function routeTree(routes: ManifestRoutes): DataRouteObject[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const byParent = new Map<string, DataRouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId ?? "") ?? [];
    const { id, path, caseSensitive } = route;
    siblings.push(route.index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive });
    byParent.set(route.parentId ?? "", siblings);
  }
  for (const siblings of byParent.values())
    for (const route of siblings) if (!route.index) route.children = byParent.get(route.id);
  tree = byParent.get("") ?? [];
  trees.set(routes, tree);
  return tree;
}

/** Route ids matched by a path, the last thousand paths remembered: a path's ancestors are few, a store's ids are not. */
const matchedIds = new WeakMap<ManifestRoutes, LRUCache<string, readonly string[]>>();
function idsMatching(routes: ManifestRoutes, path: string): readonly string[] {
  let byPath = matchedIds.get(routes);
  if (!byPath) matchedIds.set(routes, (byPath = new LRUCache({ max: 1_000 })));
  let ids = byPath.get(path);
  if (!ids) {
    ids = (matchRoutes(routeTree(routes), path) ?? []).map((match) => match.route.id);
    byPath.set(path, ids);
  }
  return ids;
}

/**
 * The router context with a manifest holding only the routes this page's HTML can name: the matched ones and those
 * matching each ancestor path, the set React Router's `<Scripts>` sends the browser (its `getPartialManifest`, for
 * lazy route discovery). `ServerRouter` builds a route tree, components and all, from every manifest route and
 * `<Scripts>` matches the ancestor paths against it, on every page: with ~60 routes the home page cost ~10 % more CPU
 * (bench/README.md, throughput round 10). The browser gets the same manifest either way and the page is byte for byte
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
  for (const path of paths) for (const id of idsMatching(routes, path)) keep.add(id);
  // a kept route's parents are kept too (a tree without them would not hold it)
  for (const id of [...keep])
    for (let parent = routes[id]?.parentId; parent; parent = routes[parent]?.parentId) keep.add(parent);
  const pruned: ManifestRoutes = {};
  for (const id of keep) if (routes[id]) pruned[id] = routes[id];
  return { ...context, manifest: { ...context.manifest, routes: pruned } };
}
