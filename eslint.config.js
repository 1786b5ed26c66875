import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "prisma/generated/",
      "node_modules/",
      "reports/",
      "test-results/",
      "playwright-report/",
      "tests/.tmp/",
      "bench/",
      // Third-party-shaped apps, written as the product's app generator writes them.
      "tests/fixtures/vite-apps/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@prisma/*", "**/prisma/generated/**", "better-sqlite3"],
              message: "Only mock-backend/ and prisma/ talk to the database.",
            },
            {
              regex: "mock-backend/(?!contract(-shell)?\\.ts$)",
              message: "The app reaches the backend only through app/lib/api.server.ts and the contract.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "prisma/**/*.ts",
      "server/index.ts",
      "tests/**/*.ts",
      "**/*.test.ts",
      "mock-backend/standalone.ts",
    ],
    rules: { "no-console": "off" },
  },
  prettier,
);
