import { defineConfig } from "vitest/config";

// Separate from vite.config.ts so the React Router plugin is not loaded in unit tests.
export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "contract/**/*.test.ts",
      "server/**/*.test.ts",
      "mock-backend/**/*.test.ts",
      "prisma/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "tests/routes/**/*.test.{ts,tsx}",
      "tests/security/**/*.test.ts",
      "tests/fuzz/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
