import { createStaticHandler, type EntryContext, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";
import { prunedRouterContext } from "./pruned-router-context.server";

/**
 * A route table shaped like ours (flat routes under the root, an index route, a splat for "not found"), with React
 * Router's own static handler producing the context it hands `entry.server.tsx`. The browser-facing check (the
 * manifest a real page sends equals React Router's discovery answer) is tests/e2e/route-manifest.test.ts.
 */
type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };
const manifestRoutes: Record<string, ManifestRoute> = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/browse": { id: "routes/browse", parentId: "root", path: "browse" },
  "routes/product": { id: "routes/product", parentId: "root", path: "product/:id" },
  "routes/store": { id: "routes/store", parentId: "root", path: "stores/:id" },
  "routes/store-manage": { id: "routes/store-manage", parentId: "root", path: "stores/:id/manage" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};
const handler = createStaticHandler([
  {
    id: "root",
    path: "",
    children: Object.values(manifestRoutes)
      .filter((route) => route.id !== "root")
      .map(({ id, path, index }) => (index ? { id, index: true as const } : { id, path })),
  },
]);

async function routerContext(path: string): Promise<EntryContext> {
  const context = (await handler.query(new Request(`http://localhost${path}`))) as StaticHandlerContext;
  return { manifest: { routes: manifestRoutes }, staticHandlerContext: context } as unknown as EntryContext;
}

describe("prunedRouterContext", () => {
  it("keeps the matched routes and those matching each ancestor path, nothing else", async () => {
    const ids = async (path: string) =>
      Object.keys(prunedRouterContext(await routerContext(path)).manifest.routes).sort();
    expect(await ids("/")).toEqual(["root", "routes/home"]);
    expect(await ids("/browse")).toEqual(["root", "routes/browse", "routes/home"]);
    // "/product" alone is not a page: the splat answers it, so the browser is told of it too
    expect(await ids("/product/42")).toEqual(["root", "routes/home", "routes/not-found", "routes/product"]);
    expect(await ids("/stores/7/manage")).toEqual([
      "root",
      "routes/home",
      "routes/not-found",
      "routes/store",
      "routes/store-manage",
    ]);
  });

  it("leaves React Router's own context as it was", async () => {
    const context = await routerContext("/stores/7");
    const { staticHandlerContext, manifest } = context;
    const pruned = prunedRouterContext(context);
    expect(context.manifest).toBe(manifest);
    expect(Object.keys(context.manifest.routes)).toHaveLength(7);
    expect(context.staticHandlerContext).toBe(staticHandlerContext);
    expect(pruned.staticHandlerContext._match).not.toBe(staticHandlerContext._match);
  });

  it("answers a path's matches as the static handler does, and remembers them", async () => {
    const context = await routerContext("/stores/7/manage");
    const match = prunedRouterContext(context).staticHandlerContext._match;
    for (const path of ["/", "/stores", "/stores/7", "/nowhere/at/all"]) {
      expect(
        match(path)?.map((m) => m.route.id),
        path,
      ).toEqual(context.staticHandlerContext._match(path)?.map((m) => m.route.id));
      expect(match(path), path).toBe(match(path));
    }
  });
});
