import { expect, test } from "vitest";
import { testI18n } from "#tests/helpers/i18n.tsx";
import { LANGUAGES } from "../i18n/languages.ts";
import {
  browserCheckScript,
  BROWSER_SUPPORT_HELP_URL,
  type BrowserGlobals,
  isBrowserSupported,
  UNSUPPORTED_BROWSER_GLOBAL,
  UNSUPPORTED_BROWSER_MESSAGE,
} from "./browser-support.ts";

const FEATURES = [
  "Array.prototype.toSorted",
  "Array.prototype.toReversed",
  "Array.prototype.toSpliced",
  "Array.prototype.with",
  "Object.groupBy",
  "Map.groupBy",
] as const;
type Feature = (typeof FEATURES)[number];

function fakeGlobals(missing?: Feature): BrowserGlobals & Record<string, unknown> {
  const method = () => undefined;
  const prototype: Record<string, unknown> = { toSorted: method, toReversed: method, toSpliced: method };
  prototype["with"] = method;
  const globals = { Array: { prototype }, Object: { groupBy: method }, Map: { groupBy: method } };
  if (missing === "Object.groupBy") delete (globals.Object as Record<string, unknown>).groupBy;
  else if (missing === "Map.groupBy") delete (globals.Map as Record<string, unknown>).groupBy;
  else if (missing) delete prototype[missing.slice("Array.prototype.".length)];
  return globals;
}

interface FakeNode {
  tagName?: string;
  text?: string;
  attributes: Record<string, string>;
  childNodes: FakeNode[];
  readonly firstChild: FakeNode | null;
  readonly textContent: string;
  appendChild(child: FakeNode): FakeNode;
  removeChild(child: FakeNode): FakeNode;
  setAttribute(name: string, value: string): void;
}

function node(tagName?: string, text?: string): FakeNode {
  const self: FakeNode = {
    tagName,
    text,
    attributes: {},
    childNodes: [],
    get firstChild() {
      return self.childNodes[0] ?? null;
    },
    get textContent() {
      return self.text ?? self.childNodes.map((c) => c.textContent).join("");
    },
    appendChild(child) {
      self.childNodes.push(child);
      return child;
    },
    removeChild(child) {
      self.childNodes.splice(self.childNodes.indexOf(child), 1);
      return child;
    },
    setAttribute(name, value) {
      self.attributes[name] = value;
    },
  };
  return self;
}

function fakeDocument(withBody = true) {
  const listeners: Record<string, (() => void)[]> = {};
  const document = {
    body: withBody ? node("BODY") : null,
    createElement: (tagName: string) => node(tagName.toUpperCase()),
    createTextNode: (text: string) => node(undefined, text),
    addEventListener: (type: string, listener: () => void) => {
      (listeners[type] ??= []).push(listener);
    },
  };
  if (document.body) document.body.appendChild(node("DIV", "server-rendered app"));
  return { document, listeners };
}

const ENGLISH = { message: UNSUPPORTED_BROWSER_MESSAGE, help: "Supported browsers:" };
const BROWSER_CHECK_SCRIPT = browserCheckScript(ENGLISH);

function runScript(window: Record<string, unknown>, document: unknown, script = BROWSER_CHECK_SCRIPT): void {
  new Function("window", "document", script)(window, document);
}

/** The script as the page gets it in `language`. */
function scriptIn(language: (typeof LANGUAGES)[number]) {
  const t = testI18n(language).getFixedT(null, "errors");
  const texts = { message: t("unsupportedBrowser.title"), help: t("unsupportedBrowser.help") };
  return { texts, script: browserCheckScript(texts) };
}

test("the unsupported-browser message is the catalogue's text, in English and in the English file", () => {
  expect(UNSUPPORTED_BROWSER_MESSAGE).toBe("This browser is not supported");
  expect(scriptIn("en").texts).toEqual(ENGLISH);
  expect(BROWSER_SUPPORT_HELP_URL).toBe("https://keel.dev/docs/browser-support/");
});

test("the Node 24 runtime the tests run on is a supported environment", () => {
  expect(isBrowserSupported()).toBe(true);
  expect(isBrowserSupported(globalThis)).toBe(true);
});

test("globals with every required method are supported", () => {
  expect(isBrowserSupported(fakeGlobals())).toBe(true);
});

test.each(FEATURES)("globals without %s are not supported", (feature) => {
  expect(isBrowserSupported(fakeGlobals(feature))).toBe(false);
});

test("missing or malformed globals are not supported, without throwing", () => {
  expect(isBrowserSupported({})).toBe(false);
  expect(isBrowserSupported({ Array: null, Object: null, Map: null })).toBe(false);
  expect(isBrowserSupported({ ...fakeGlobals(), Array: { prototype: { toSorted: "yes" } } })).toBe(false);
});

test("the inline script leaves a supported page alone", () => {
  const window = fakeGlobals();
  const { document } = fakeDocument();
  runScript(window, document);
  expect(document.body?.textContent).toBe("server-rendered app");
  expect(window[UNSUPPORTED_BROWSER_GLOBAL]).toBeUndefined();
});

test("the inline script accepts the real globals of a modern runtime", () => {
  const { document } = fakeDocument();
  runScript({ Array, Object, Map }, document);
  expect(document.body?.textContent).toBe("server-rendered app");
});

test.each(FEATURES)(
  "without %s the inline script replaces the body with the message and help link",
  (feature) => {
    const window = fakeGlobals(feature);
    const { document } = fakeDocument();
    runScript(window, document);
    const [heading, paragraph, ...rest] = document.body?.childNodes ?? [];
    expect(rest).toEqual([]);
    expect(heading?.tagName).toBe("H1");
    expect(heading?.textContent).toBe("This browser is not supported");
    expect(paragraph?.childNodes[0]?.textContent).toBe("Supported browsers: ");
    const link = paragraph?.childNodes[1];
    expect(link?.tagName).toBe("A");
    expect(link?.attributes).toEqual({ href: "https://keel.dev/docs/browser-support/" });
    expect(link?.textContent).toBe("https://keel.dev/docs/browser-support/");
    expect(window[UNSUPPORTED_BROWSER_GLOBAL]).toBe(true);
  },
);

test("run in <head> before the body exists, the inline script waits for DOMContentLoaded", () => {
  const window = fakeGlobals("Object.groupBy");
  const { document, listeners } = fakeDocument(false);
  runScript(window, document);
  expect(listeners["DOMContentLoaded"]).toHaveLength(1);
  document.body = node("BODY");
  document.body.appendChild(node("DIV", "late content"));
  listeners["DOMContentLoaded"]?.[0]?.();
  expect(document.body.textContent).toBe(
    `${UNSUPPORTED_BROWSER_MESSAGE}Supported browsers: ${BROWSER_SUPPORT_HELP_URL}`,
  );
});

test("the inline script agrees with isBrowserSupported on every case", () => {
  for (const missing of [undefined, ...FEATURES]) {
    const window = fakeGlobals(missing);
    runScript(window, fakeDocument().document);
    expect(window[UNSUPPORTED_BROWSER_GLOBAL] === true).toBe(!isBrowserSupported(window));
  }
});

test("the inline script is plain ES5: no arrows, template literals, let, const, class or spread", () => {
  expect(BROWSER_CHECK_SCRIPT).not.toMatch(/=>|`|\.\.\.|\b(?:let|const|class|async|await)\b/);
  expect(BROWSER_CHECK_SCRIPT).not.toMatch(/<\/script/i);
});

test.each(LANGUAGES)("in %s the page shows the translated message and words before the link", (language) => {
  const { texts, script } = scriptIn(language);
  const window = fakeGlobals("Map.groupBy");
  const { document } = fakeDocument();
  runScript(window, document, script);
  const [heading, paragraph] = document.body?.childNodes ?? [];
  expect(heading?.textContent).toBe(texts.message);
  expect(paragraph?.textContent).toBe(`${texts.help} ${BROWSER_SUPPORT_HELP_URL}`);
  expect(script).not.toMatch(/=>|`|\.\.\.|\b(?:let|const|class|async|await)\b/);
  // Plain ASCII: lines and printable characters only.
  expect(script.replace(/\n/g, "")).toMatch(/^[ -~]*$/);
});

test("texts that could end the script or break its string stay inside it", () => {
  const texts = { message: '</script><script>alert(1)</script>"\\', help: "\u2028`${x}`" };
  const script = browserCheckScript(texts);
  expect(script).not.toMatch(/<\/script/i);
  const window = fakeGlobals("Object.groupBy");
  const { document } = fakeDocument();
  runScript(window, document, script);
  expect(document.body?.childNodes[0]?.textContent).toBe(texts.message);
  expect(document.body?.childNodes[1]?.childNodes[0]?.textContent).toBe(`${texts.help} `);
});
