// npm run screenshots: shoots the pages of tests/screenshots/plan.ts from the running demo into
// docs/screenshots/. It uses the production build (making one only when there is none), starts it on a
// free port against a new demo database in a temporary folder (as `npm run demo` sets one up), signs in
// through the identity service's own form, and shoots with Debian's Chromium.
// Options: --app <dir> (another checkout of Keel, with its node_modules; docs/design.md), --out <dir>,
// --variants <id,id> (some of the plan's variants, and no feature shots), --features (only the feature
// shots), --port <n>.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type Page, type Request } from "playwright-core";
import { freePort, runNode as runNodeIn } from "../bench/bench-server.ts";
import { CHROMIUM_ARGS as TEST_CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/chromium.ts";
import { optimisePng } from "./png.ts";
import {
  FEATURE_SHOTS,
  PAGES,
  SHOT_TIME,
  SHOT_USER,
  VARIANTS,
  featureFile,
  shotFile,
  type FeatureShot,
  type ShotPage,
  type ShotVariant,
} from "./plan.ts";

const CHROMIUM = CHROMIUM_PATH;
/** The options the end-to-end tests start Chromium with, without scrollbars. */
const CHROMIUM_ARGS = [...TEST_CHROMIUM_ARGS, "--hide-scrollbars"];
const SETTLE_TIMEOUT_MS = 30_000;
/** How long no request may be in flight (event streams aside) before the page counts as loaded. */
const QUIET_MS = 500;

if (!existsSync(CHROMIUM)) {
  console.error(
    `screenshots: no Chromium at ${CHROMIUM}; install Debian's package: apt-get install -y chromium`,
  );
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    app: { type: "string", default: "." },
    out: { type: "string", default: "docs/screenshots" },
    variants: { type: "string" },
    features: { type: "boolean", default: false },
    port: { type: "string" },
  },
});
const chosen = args.variants?.split(",") ?? VARIANTS.map((variant) => variant.id);
const unknown = chosen.filter((id) => !VARIANTS.some((variant) => variant.id === id));
if (unknown.length > 0) {
  console.error(
    `screenshots: no variant ${unknown.join(", ")}; the plan has ${VARIANTS.map((v) => v.id).join(", ")}`,
  );
  process.exit(1);
}
const variants = args.features ? [] : VARIANTS.filter((variant) => chosen.includes(variant.id));
const features = args.features || !args.variants ? FEATURE_SHOTS : [];
const appDir = path.resolve(args.app);
const outDir = path.resolve(args.out);
const buildDir = path.join(appDir, "build");

/** Runs a Node script in the app's folder to its end; its output is shown only when it fails. */
const runNode = (script: string, scriptArgs: string[], env: Record<string, string> = {}) =>
  runNodeIn(script, scriptArgs, env, appDir);

async function ensureBuild(): Promise<void> {
  const serverBuild = path.join(buildDir, "server/index.js");
  if (existsSync(serverBuild)) {
    const age = Math.round((Date.now() - statSync(serverBuild).mtimeMs) / 60_000);
    console.log(`screenshots: using the build in ${path.relative(".", buildDir) || "."} (${age} min old)`);
    return;
  }
  console.log("screenshots: no production build yet, building");
  await runNode("node_modules/@react-router/dev/bin.cjs", ["build"]);
}

async function startServer(databaseUrl: string, port: number) {
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(48).toString("base64url"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk));
  const exited = once(child, "exit");
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited before it was ready:\n${errors}`);
    const status = await fetch(`${base}/readyz`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`the server was not ready in time:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Requests in flight in the page and its frames, long-lived event streams aside. */
function trackRequests(page: Page): () => Request[] {
  const inFlight = new Set<Request>();
  page.on("request", (request) => {
    if (request.resourceType() !== "eventsource") inFlight.add(request);
  });
  // An answer's headers count as its end: some requests (a keepalive send, a frame's fetch) never report
  // that their body finished.
  page.on("response", (response) => inFlight.delete(response.request()));
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  return () => [...inFlight];
}

/** Resolves once no request has been in flight for QUIET_MS: widgets have fetched what they show. */
async function networkQuiet(inFlight: () => Request[]): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) {
      const urls = inFlight().map((request) => `${request.resourceType()} ${request.url()}`);
      throw new Error(`still loading after ${SETTLE_TIMEOUT_MS} ms: ${urls.join(", ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (inFlight().length > 0) quietSince = Date.now();
  }
}

/**
 * Waits until the page is what a person sees once it has loaded: hydrated, fonts and images in,
 * every widget placed and registered (or failed) and done fetching, no progress bar. Builds older than
 * the root's `data-hydrated` marker are taken as hydrated once React owns the page's first element.
 */
async function settle(page: Page, hydrationMarker: boolean, inFlight: () => Request[]): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    (marker) => {
      const root = document.documentElement;
      const first = document.body.firstElementChild;
      const hydrated = marker
        ? root.hasAttribute("data-hydrated")
        : "__reactRouterContext" in window &&
          first !== null &&
          Object.keys(first).some((key) => key.startsWith("__reactFiber$"));
      return (
        (hydrated || !("__reactRouterContext" in window)) &&
        document.querySelector("details.nav-menu") === null &&
        document.querySelector(".nav-progress, [aria-busy='true']") === null &&
        document.querySelector(".widget-frame[data-state='loading']") === null &&
        document.querySelector(".markdown-widget[data-app-key]:not([data-mounted])") === null &&
        document.fonts.status === "loaded" &&
        [...document.images].every((image) => image.complete)
      );
    },
    hydrationMarker,
    { timeout: SETTLE_TIMEOUT_MS, polling: 100 },
  );
  for (const frame of page.frames()) {
    if (frame !== page.mainFrame()) await frame.waitForLoadState("load");
  }
  await networkQuiet(inFlight);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

async function open(page: Page, target: ShotPage, marker: boolean, inFlight: () => Request[]): Promise<void> {
  const answer = await page.goto(target.path);
  if (!answer || answer.status() >= 400) {
    throw new Error(`${target.path} answered ${answer?.status() ?? "nothing"}`);
  }
  await settle(page, marker, inFlight);
}

/** Keel's sign-in page, its link to the identity service, the identity service's form, back to Keel. */
async function signIn(page: Page): Promise<void> {
  await page.locator("main a[href^='/auth/login']").first().click();
  await page.waitForURL(/\/hub\/api\/rest\/oauth2\/auth/);
  await page.locator("#login").fill(SHOT_USER.login);
  await page.locator("#password").fill(SHOT_USER.password);
  await page.locator("button[name='intent'][value='sign-in']").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/hub/") && url.pathname !== "/login");
}

/** Signs in from Keel's sign-in page, waits for the page, and saves the variant's language. */
async function signInInLanguage(
  page: Page,
  base: string,
  variant: ShotVariant,
  marker: boolean,
  inFlight: () => Request[],
): Promise<void> {
  await page.goto("/login");
  await signIn(page);
  await settle(page, marker, inFlight);
  await chooseLanguage(page, base, variant.language);
}

/** Posts one change of the navigation's shape as the settings page's form does. */
async function shapeNavigation(page: Page, base: string, change: Record<string, string>): Promise<void> {
  const csrf = await page.locator("input[name='csrf']").first().getAttribute("value");
  if (!csrf) throw new Error("no csrf field on the page to post the navigation with");
  const answer = await page.request.post("/settings/navigation", {
    form: { csrf, ...change },
    headers: { origin: base },
    maxRedirects: 0,
  });
  if (answer.status() >= 400)
    throw new Error(`the navigation change ${change.intent} answered ${answer.status()}`);
}

/** Saves the interface language to the profile with the profile menu's own form post. */
async function chooseLanguage(page: Page, base: string, language: string): Promise<void> {
  const csrf = await page.locator("input[name='csrf']").first().getAttribute("value");
  if (!csrf) throw new Error("no csrf field on the page to post the language with");
  const answer = await page.request.post("/settings/language", {
    form: { csrf, language, back: "/" },
    headers: { origin: base },
    maxRedirects: 0,
  });
  if (answer.status() >= 400)
    throw new Error(`choosing the language ${language} answered ${answer.status()}`);
}

async function shoot(page: Page, variant: ShotVariant, target: ShotPage): Promise<string> {
  return shootInto(page, path.join(outDir, shotFile(target, variant)));
}

async function shootInto(page: Page, file: string): Promise<string> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: file, animations: "disabled", caret: "hide", scale: "css" });
  await optimisePng(file);
  return file;
}

function newShotContext(browser: Browser, base: string, variant: ShotVariant, contrast?: "more") {
  return browser.newContext({
    baseURL: base,
    viewport: { width: variant.width, height: variant.height },
    deviceScaleFactor: 1,
    isMobile: variant.phone,
    hasTouch: variant.phone,
    colorScheme: variant.colorScheme,
    locale: variant.language === "he" ? "he-IL" : "en-US",
    timezoneId: "UTC",
    reducedMotion: "reduce",
    contrast: contrast ?? "no-preference",
  });
}

async function shootVariant(browser: Browser, base: string, variant: ShotVariant, marker: boolean) {
  const context = await newShotContext(browser, base, variant);
  await context.clock.setFixedTime(SHOT_TIME);
  const page = await context.newPage();
  const inFlight = trackRequests(page);
  const files: string[] = [];
  try {
    const guestPages = PAGES.filter((target) => !target.signedIn);
    for (const target of guestPages) {
      await open(page, target, marker, inFlight);
      files.push(await shoot(page, variant, target));
    }
    await signInInLanguage(page, base, variant, marker, inFlight);
    for (const target of PAGES.filter((candidate) => candidate.signedIn)) {
      await open(page, target, marker, inFlight);
      files.push(await shoot(page, variant, target));
    }
  } finally {
    await context.close();
  }
  return files;
}

async function shootFeature(browser: Browser, base: string, shot: FeatureShot, marker: boolean) {
  const variant = VARIANTS.find((candidate) => candidate.id === shot.variant);
  if (!variant) throw new Error(`the feature shot ${shot.id} names no variant ${shot.variant}`);
  const context = await newShotContext(browser, base, variant, shot.contrast);
  await context.clock.setFixedTime(SHOT_TIME);
  const page = await context.newPage();
  const inFlight = trackRequests(page);
  try {
    await signInInLanguage(page, base, variant, marker, inFlight);
    for (const change of shot.navigation ?? []) await shapeNavigation(page, base, change);
    await open(page, { id: shot.id, path: shot.path, signedIn: true }, marker, inFlight);
    if (shot.palette !== undefined) {
      await page.keyboard.press("Control+K");
      const input = page.getByRole("dialog").getByRole("combobox");
      await input.waitFor();
      await input.fill(shot.palette);
      await networkQuiet(inFlight);
    }
    if (shot.offline) {
      // The worker keeps the page it just answered; offline, the same page comes from its cache.
      await page.waitForFunction(async (kept) => {
        if (!navigator.serviceWorker.controller) return false;
        for (const name of await caches.keys()) {
          if (name.startsWith("keel-pages-") && (await (await caches.open(name)).match(kept))) return true;
        }
        return false;
      }, shot.path);
      await context.setOffline(true);
      await page.reload();
      await page.locator(".connection-banner:not(:empty)").waitFor();
    }
    return await shootInto(page, path.join(outDir, featureFile(shot)));
  } finally {
    // The shots share one user: the next one sees the default navigation.
    if (shot.navigation) await shapeNavigation(page, base, { intent: "reset" });
    await context.close();
  }
}

const started = Date.now();
const temporary = mkdtempSync(path.join(os.tmpdir(), "keel-screenshots-"));
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let browser: Browser | undefined;
try {
  await ensureBuild();
  const databaseUrl = `file:${path.join(temporary, "keel.db")}`;
  await runNode("prisma/setup.ts", ["--fixed-epoch"], { DATABASE_URL: databaseUrl });
  server = await startServer(databaseUrl, args.port ? Number(args.port) : await freePort());
  console.log(`screenshots: demo at ${server.base}`);
  const marker = readFileSync(path.join(appDir, "app/root.tsx"), "utf8").includes("data-hydrated");
  mkdirSync(outDir, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  let bytes = 0;
  for (const variant of variants) {
    for (const file of await shootVariant(browser, server.base, variant, marker)) {
      bytes += statSync(file).size;
    }
    console.log(`screenshots: ${variant.id} done`);
  }
  for (const shot of features) {
    bytes += statSync(await shootFeature(browser, server.base, shot, marker)).size;
  }
  if (features.length > 0) console.log("screenshots: features done");
  const count = PAGES.length * variants.length + features.length;
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `screenshots: ${count} PNGs, ${(bytes / 1024).toFixed(0)} KB in ${path.relative(".", outDir)} (${seconds} s)`,
  );
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(temporary, { recursive: true, force: true });
}
