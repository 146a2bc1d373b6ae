import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import type { Rolldown } from "vite";

/** Modules every page loads: React, React DOM and React Router, shipped as one chunk (one request, one gzip window). */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/** What root.tsx imports (statically, all the way down): every page loads it, so it is one chunk too. */
function rootModules(ctx: Rolldown.ChunkingContext, rootId: string): Set<string> {
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    // an icon library's index names every icon; only those root uses are bundled, and they are tiny
    if (/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id)) return;
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) walk(next);
  };
  walk(rootId);
  return seen;
}

let rootSet: Set<string> | null = null;

export default defineConfig({
  environments: {
    // the server build's entry is our Express app (server/app.ts), which mounts React Router's handler
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id, ctx) => {
                    if (FRAMEWORK.test(id)) return "framework";
                    const root = ctx.getModuleInfo(`${import.meta.dirname}/app/root.tsx`);
                    if (!root) return null;
                    rootSet ??= rootModules(ctx, root.id);
                    return rootSet.has(id) ? "framework" : null;
                  },
                },
              ],
            },
          },
        },
      },
    },
  },
  build: { sourcemap: !!process.env.SOURCEMAP },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
