import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Layers (docs/architecture.md): contract/ imports nothing of Keel; app/ and mock-backend/ import contract/
// but never each other; server/ wires them together.
const DATABASE_IMPORTS = {
  group: ["@prisma/*", "**/prisma/generated/**", "better-sqlite3"],
  message: "Only mock-backend/ and prisma/ talk to the database.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "prisma/generated/",
      "prisma/postgresql/generated/",
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
            DATABASE_IMPORTS,
            {
              regex: "(^|/)mock-backend/|^#mock-backend/",
              message: "The app reaches the backend only through app/lib/api.server.ts and contract/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["mock-backend/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+app/|^#app/",
              message: "The backend does not know the app: share the piece through contract/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["contract/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            DATABASE_IMPORTS,
            {
              regex: "^(\\.\\./)+(app|mock-backend|server|prisma)/|^#(app|mock-backend|server|prisma)/",
              message: "contract/ is the bottom layer: it imports no other part of Keel.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["contract/**/*.ts"],
    ignores: ["contract/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            DATABASE_IMPORTS,
            {
              regex:
                "^(\\.\\./)+(app|mock-backend|server|prisma|tests)/|^#(app|mock-backend|server|prisma|tests)/",
              message: "contract/ is the bottom layer: it imports no other part of Keel.",
            },
            { regex: "^node:", message: "contract/ runs in the browser too: no Node built-ins." },
          ],
        },
      ],
    },
  },
  {
    // It runs in a bare vm context, where only the language's own globals exist.
    files: ["mock-backend/apps/handlers/handler-prelude.js"],
    languageOptions: {
      sourceType: "script",
      globals: Object.fromEntries(
        Object.keys({ ...globals.node, ...globals.browser })
          .filter((name) => !(name in globals.builtin))
          .map((name) => [name, "off"]),
      ),
    },
  },
  {
    files: [
      "prisma/**/*.ts",
      "server/index.js",
      "server/main.ts",
      "tests/**/*.ts",
      "**/*.test.ts",
      "mock-backend/standalone.ts",
    ],
    rules: { "no-console": "off" },
  },
  {
    files: ["tests/e2e/**/*.ts"],
    ignores: ["tests/e2e/fixtures.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              message: "Import test and expect from ./fixtures.ts: each test gets users of its own there.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
