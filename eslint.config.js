import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "coverage/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/db/*", "~/db/**"], message: "Routes call domain functions; only modules touch the database." }] },
      ],
    },
  },
  {
    files: ["app/modules/**", "app/db/**", "app/runtime.server.ts", "seed/**", "tests/**", "server/**", "bench/**", "scripts/**", "app/**/*.test.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["server.js", "scripts/**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly" } },
  },
);
