// The layer rules of eslint.config.js (docs/architecture.md), run on tiny files that break them. The
// files are linted from memory at paths inside the layers, so the repository itself stays clean.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, expect, test } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

// Loading the config and its parsers is the slow part; the checks below are quick once it is done.
beforeAll(() => eslint.lintText("", { filePath: "app/warm-up.ts" }), 120_000);

/** The no-restricted-imports messages for one import line placed at `filePath`. */
async function refusals(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { x } from "${specifier}";\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

test("app/ may not import mock-backend/, by relative path or alias", async () => {
  for (const specifier of [
    "../../mock-backend/db.ts",
    "../mock-backend/identity/oauth.ts",
    "#mock-backend/app.ts",
    "#mock-backend/resources/issues.ts",
  ]) {
    expect(await refusals("app/lib/fixture.ts", specifier), specifier).toHaveLength(1);
  }
  expect(await refusals("app/routes/shell/fixture.tsx", "../../../mock-backend/auth.ts")).toHaveLength(1);
});

test("mock-backend/ may not import app/, by relative path or alias", async () => {
  for (const [filePath, specifier] of [
    ["mock-backend/fixture.ts", "../app/lib/constants.ts"],
    ["mock-backend/resources/fixture.ts", "../../app/widgets/protocol.ts"],
    ["mock-backend/identity/fixture.ts", "#app/lib/cookies.ts"],
  ] as const) {
    expect(await refusals(filePath, specifier), specifier).toHaveLength(1);
  }
});

test("contract/ imports no other layer and no Node built-in", async () => {
  for (const specifier of [
    "../app/lib/constants.ts",
    "../mock-backend/db.ts",
    "../server/env.ts",
    "#app/lib/constants.ts",
    "#mock-backend/model.ts",
    "node:fs",
    "@prisma/client",
  ]) {
    expect(await refusals("contract/fixture.ts", specifier), specifier).toHaveLength(1);
  }
});

test("both sides may import contract/, and server/ may import both sides", async () => {
  const allowed: [string, string][] = [
    ["app/lib/fixture.ts", "#contract/api.ts"],
    ["app/shell/fixture.ts", "../../contract/api-shell.ts"],
    ["mock-backend/fixture.ts", "#contract/constants.ts"],
    ["mock-backend/resources/fixture.ts", "../../contract/api.ts"],
    ["mock-backend/resources/fixture.ts", "../apps/install.ts"],
    ["contract/fixture.ts", "./api.ts"],
    ["server/fixture.ts", "../app/lib/keel-context.ts"],
    ["server/fixture.ts", "#mock-backend/app.ts"],
  ];
  for (const [filePath, specifier] of allowed) {
    expect(await refusals(filePath, specifier), `${filePath} → ${specifier}`).toEqual([]);
  }
});

/** The source files under `dir`, tests left out. */
function productionFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name));
}

test("production code carries no benchmark hooks: the bench's pages live in tests/bench", () => {
  const hooks = /KEEL_BENCH|_bench\/|isBench|bench\.server/;
  const found = ["app", "server", "contract", "mock-backend"]
    .flatMap(productionFiles)
    .filter((file) => hooks.test(readFileSync(file, "utf8")));
  expect(found).toEqual([]);
});

test("the handler prelude is linted, and may use only the language's own globals", async () => {
  const filePath = "mock-backend/apps/handlers/handler-prelude.js";
  const source = readFileSync(filePath, "utf8");
  const [clean] = await eslint.lintText(source, { filePath });
  expect(clean?.messages).toEqual([]);
  const [broken] = await eslint.lintText(`${source}\nprocess.exit(Math.max(1, 2));\nfetch("/");\n`, {
    filePath,
  });
  expect(broken?.messages.filter((m) => m.ruleId === "no-undef").map((m) => m.message)).toEqual([
    "'process' is not defined.",
    "'fetch' is not defined.",
  ]);
});
