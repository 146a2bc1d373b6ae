import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import type { Plugin, Rolldown } from "vite";
import { generateSW } from "workbox-build";

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

/**
 * Libraries the server build leaves in node_modules (decision record 0060): each reads files or binaries of its own
 * package at run time (sharp's libvips, PGlite's WebAssembly and data, pdfkit's font metrics), starts workers from
 * its own files (pino, pg-boss), is shared with server.js (express), or is a CommonJS package whose few modules cost
 * little to load as they are. Every other library is bundled: a start then reads a few files of ours instead of
 * resolving and loading some two thousand modules, which was about a third of its CPU.
 */
const SERVER_EXTERNAL = [
  "@electric-sql/pglite",
  "busboy",
  "exceljs",
  "express",
  "nodemailer",
  "pdfkit",
  "pg-boss",
  "pino",
  "postgres",
  "sharp",
  "web-push",
  "yauzl",
];

/**
 * The service worker (decision record 0056), written by Workbox into the client build once its files are there:
 * the offline page and the app's icons precached; hashed assets cached as pages use them (they never change);
 * pages and data always from the network, the offline page standing in for a page when there is none. Nothing
 * personal is ever stored: a signed-in page or a loader's answer is never put in a cache.
 */
function serviceWorker(): Plugin {
  return {
    name: "setu-service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async closeBundle() {
      const outDir = this.environment.config.build.outDir;
      const { warnings } = await generateSW({
        globDirectory: outDir,
        globPatterns: ["offline.html", "manifest.webmanifest", "favicon.svg", "icons/*.png"],
        swDest: `${outDir}/sw.js`,
        cacheId: "setu",
        // sign-out empties the runtime caches; push notifications (public/sw-setu.js)
        importScripts: ["/sw-setu.js"],
        skipWaiting: true,
        clientsClaim: false,
        navigationPreload: true,
        cleanupOutdatedCaches: true,
        // a navigation is never answered from a cache: no app shell stands in for a page
        navigateFallback: null,
        sourcemap: false,
        mode: "production",
        runtimeCaching: [
          {
            // a page (a file with an extension, e.g. a CSV or PDF download, is left to the browser)
            urlPattern: ({ request, url }) =>
              request.mode === "navigate" && url.origin === self.location.origin && !/\.[a-z0-9]+$/i.test(url.pathname),
            handler: "NetworkOnly",
            options: { precacheFallback: { fallbackURL: "/offline.html" } },
          },
          {
            // Vite's hashed files: the same name always holds the same bytes
            urlPattern: ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/assets/"),
            handler: "CacheFirst",
            options: {
              cacheName: "setu-assets",
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      });
      for (const warning of warnings) this.warn(warning);
    },
  };
}

export default defineConfig(({ command }) => ({
  environments: {
    // the server build's entry is our Express app (server/app.ts), which mounts React Router's handler
    ssr: {
      // the production build carries its libraries in its own files (decision record 0060), but for those below
      resolve: command === "build" ? { noExternal: true, external: SERVER_EXTERNAL } : {},
      build: { rollupOptions: { input: "./server/app.ts" } },
    },
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
  plugins: [tailwindcss(), reactRouter(), serviceWorker()],
}));
