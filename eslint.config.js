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
      "import-x/no-restricted-paths": ["error", { zones: LAYER_ZONES }],
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
    files: ["server.js", "scripts/**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly" } },
  },
);
