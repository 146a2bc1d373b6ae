import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The layering (record 0039): imports flow routes → modules → db, lib, components. Each zone names a folder
 * (`target`) and the folders it must not import (`from`). `tests/lint/layering.test.ts` proves each one fails.
 */
export const LAYER_ZONES = [
  {
    target: "./app/routes",
    from: ["./app/db"],
    message: "Routes call domain functions; only modules touch the database.",
  },
  {
    target: "./app/components",
    from: ["./app/routes", "./app/db", "./app/http"],
    message: "Shared components know no domain: a domain's UI lives in app/modules/<domain>/components.",
  },
  {
    target: "./app/components",
    from: "./app/modules",
    // the one exception, until the header search moves beside the search it suggests from (issue #24.2)
    except: ["./search/suggestions.schema.ts"],
    message: "Shared components know no domain: a domain's UI lives in app/modules/<domain>/components.",
  },
  {
    target: "./app/lib",
    from: ["./app/db", "./app/modules", "./app/routes", "./app/components", "./app/http"],
    message: "app/lib is pure helpers (money, dates, status lists): no database, domain, page or request code.",
  },
  {
    target: "./app/db",
    from: ["./app/modules", "./app/routes", "./app/components", "./app/http"],
    message: "The database layer knows no domain: tables, the client and SQL helpers only.",
  },
  {
    target: "./app/modules",
    from: ["./app/routes", "./app/runtime.server.ts"],
    message:
      "Domains do not import pages or the composition root: a route calls a module, never the reverse, and a module takes what it uses (db, auth, jobs), not the whole runtime.",
  },
];

/**
 * A domain owns its tables (record 0049): each schema file of app/db/schema belongs to one domain folder of
 * app/modules, and only that folder imports it; another domain calls the owner's functions.
 */
export const TABLE_OWNERS = {
  analytics: "analytics",
  auth: "accounts",
  "catalogue-import": "catalogue-import",
  contact: "contact",
  matching: "matching",
  messaging: "messaging",
  notifications: "notifications",
  "order-documents": "order-documents",
  orders: "orders",
  payments: "payments",
  products: "products",
  profiles: "accounts",
  reviews: "reviews",
  rfqs: "rfqs",
  stores: "stores",
  trade: "trade",
  verifications: "accounts",
};

/**
 * Read models: domains that join other domains' tables in one statement because what they show is the join. Each
 * entry names the schema files it may read and why; nothing else is allowed across the walls.
 */
export const READ_MODELS = {
  // the signed-in home page: one figure from each domain the user takes part in, read in a fixed number of queries
  dashboard: Object.keys(TABLE_OWNERS),
  // a seller's analytics aggregate views, quotes, orders and payments of its own products and stores in SQL
  analytics: ["matching", "orders", "payments", "products", "rfqs", "stores"],
  // matching ranks open RFQs against suppliers' products (their search vectors, categories and stores), their past
  // quotes and ratings in one statement per pass: the ranking is the join, weighed in SQL and measured by the
  // matching benchmark; it writes only its own tables (rfq_matches, muted_categories)
  matching: ["products", "profiles", "reviews", "rfqs", "stores"],
};

/**
 * TEMPORARY (#39 item 1): the walls not yet closed, in one place. `tables`: schema files a domain still reads or
 * writes without going through the owner; `edges`: imports between domain folders that still close a cycle
 * (`importer -> imported`). Each entry is work left; the lists only shrink.
 */
export const TEMPORARY_WALL_GAPS = {
  tables: {},
  edges: [],
};

/** Every domain folder of app/modules: a new one gets its wall without being listed. */
export const DOMAINS = fs
  .readdirSync(path.join(import.meta.dirname, "app/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** One zone per domain: the schema files of every other domain, less its read-model and temporary allowances. */
export const TABLE_ZONES = DOMAINS.map((domain) => {
  const allowed = new Set([...(READ_MODELS[domain] ?? []), ...(TEMPORARY_WALL_GAPS.tables[domain] ?? [])]);
  const foreign = Object.entries(TABLE_OWNERS)
    .filter(([file, owner]) => owner !== domain && !allowed.has(file))
    .map(([file]) => `./app/db/schema/${file}.ts`);
  return {
    target: `./app/modules/${domain}`,
    from: foreign,
    message: `A domain owns its tables: ${domain} reads and writes another domain's tables only through that domain's functions (TABLE_OWNERS in eslint.config.js, record 0049).`,
  };
}).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "coverage/", "drizzle/", "tests/lint/fixtures/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...LAYER_ZONES, ...TABLE_ZONES] }],
      // a lazily loaded part may import its loader's constants back (header search): not a cycle at start-up
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // the only type-aware rule: with noUncheckedIndexedAccess, a `!` is where an index may miss, not a habit
    files: ["**/*.{ts,tsx}"],
    ignores: ["tests/lint/fixtures/**", "**/layering-probe.*"], // the layering test lints probes that are not on disk
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-unnecessary-type-assertion": "error" },
  },
  {
    // the service worker's own part (imported by the one Workbox writes: vite.config.ts)
    files: ["public/**/*.js"],
    languageOptions: {
      globals: {
        self: "readonly",
        caches: "readonly",
        clients: "readonly",
        URL: "readonly",
        Response: "readonly",
        indexedDB: "readonly",
      },
    },
  },
  {
    files: ["server.js", "scripts/**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly" } },
  },
);
