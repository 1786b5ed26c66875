import { expect, test } from "vitest";
import {
  type LinkAnchor,
  type LinkClickEvent,
  NAVIGATION_ATTRIBUTE,
  sanitizeLink,
  shouldInterceptLink,
} from "./links.ts";

const ORIGIN = "https://keel.example";

const _domFits: (event: MouseEvent, element: HTMLAnchorElement, origin: string) => boolean =
  shouldInterceptLink;

test("an absolute http(s) link is kept in its parsed form", () => {
  expect(sanitizeLink("https://keel.example/issues?q=open#top")).toBe(
    "https://keel.example/issues?q=open#top",
  );
  expect(sanitizeLink("HTTPS://Keel.Example/a b")).toBe("https://keel.example/a%20b");
});

test("a link to another site is kept: the rule is about origins being real, not equal", () => {
  expect(sanitizeLink("https://docs.example.org/page")).toBe("https://docs.example.org/page");
});

test("a relative link resolves against the base", () => {
  expect(sanitizeLink("/articles/KB-1", ORIGIN)).toBe("https://keel.example/articles/KB-1");
  expect(sanitizeLink("../x", "https://keel.example/a/b/c")).toBe("https://keel.example/a/x");
});

test("a relative link without a base does not parse and becomes empty", () => {
  expect(sanitizeLink("/articles/KB-1")).toBe("");
});

test.each([
  ["javascript:alert(1)"],
  ["JaVaScRiPt:alert(1)"],
  ["  javascript:alert(1)"],
  ["\u0001javascript:alert(1)"],
  ["java\tscript:alert(1)"],
  ["java\nscript:alert(1)"],
  ["javascript://keel.example/%0aalert(1)"],
])("javascript link %j becomes empty, with or without a base", (value) => {
  expect(sanitizeLink(value)).toBe("");
  expect(sanitizeLink(value, ORIGIN)).toBe("");
});

test.each([
  ["data:text/html,<script>alert(1)</script>"],
  ["about:blank"],
  ["blob:null/6e1c1f2a"],
  ["file:///etc/passwd"],
  ["mailto:someone@keel.example"],
  ["vbscript:msgbox(1)"],
])("link %j with a null origin becomes empty", (value) => {
  expect(sanitizeLink(value, ORIGIN)).toBe("");
});

test("a blob link of a real origin has that origin and is kept", () => {
  expect(sanitizeLink("blob:https://keel.example/6e1c1f2a")).toBe("blob:https://keel.example/6e1c1f2a");
});

test.each([
  [""],
  ["http://"],
  ["https://exa mple.com"],
  [null],
  [undefined],
  [42],
  [{ href: "https://x.y" }],
])("%j does not parse as a URL and becomes empty", (value) => {
  expect(sanitizeLink(value)).toBe("");
});

test("a URL object is judged like its href", () => {
  expect(sanitizeLink(new URL("https://keel.example/x"))).toBe("https://keel.example/x");
  expect(sanitizeLink(new URL("javascript:alert(1)"))).toBe("");
});

function click(overrides: Partial<LinkClickEvent> = {}): LinkClickEvent {
  return {
    button: 0,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    ...overrides,
  };
}

function anchor(href: string, attributes: Record<string, string> = {}, inNavigation = true): LinkAnchor {
  return {
    href,
    hasAttribute: (name) => Object.hasOwn(attributes, name),
    closest: (selector) => {
      return inNavigation && selector === `[${NAVIGATION_ATTRIBUTE}]` ? { tagName: "NAV" } : null;
    },
  };
}

test("a plain primary click on a same-origin link inside the navigation is intercepted", () => {
  expect(shouldInterceptLink(click(), anchor(`${ORIGIN}/issues`), ORIGIN)).toBe(true);
});

test("a relative href counts as same-origin", () => {
  expect(shouldInterceptLink(click(), anchor("/issues"), ORIGIN)).toBe(true);
});

test("the current origin may be given as a full location href", () => {
  expect(shouldInterceptLink(click(), anchor(`${ORIGIN}/issues`), `${ORIGIN}/dashboard?x=1`)).toBe(true);
});

test.each([["ctrlKey"], ["metaKey"], ["shiftKey"], ["altKey"]] as const)(
  "a click with %s held is left to the browser",
  (key) => {
    expect(shouldInterceptLink(click({ [key]: true }), anchor(`${ORIGIN}/issues`), ORIGIN)).toBe(false);
  },
);

test.each([[1], [2]])("a click with button %i is left to the browser", (button) => {
  expect(shouldInterceptLink(click({ button }), anchor(`${ORIGIN}/issues`), ORIGIN)).toBe(false);
});

test("a click another handler already prevented is left alone", () => {
  expect(shouldInterceptLink(click({ defaultPrevented: true }), anchor(`${ORIGIN}/issues`), ORIGIN)).toBe(
    false,
  );
});

test.each([["_blank"], ["_self"], [""]])("a link with target=%j is left to the browser", (target) => {
  expect(shouldInterceptLink(click(), anchor(`${ORIGIN}/issues`, { target }), ORIGIN)).toBe(false);
});

test("a download link is left to the browser", () => {
  expect(shouldInterceptLink(click(), anchor(`${ORIGIN}/export.csv`, { download: "" }), ORIGIN)).toBe(false);
});

test.each([
  ["https://other.example/issues"],
  ["http://keel.example/issues"],
  ["https://keel.example:8443/issues"],
  ["//other.example/issues"],
  ["javascript:alert(1)"],
  ["mailto:someone@keel.example"],
])("a link to %j is not same-origin and is left to the browser", (href) => {
  expect(shouldInterceptLink(click(), anchor(href), ORIGIN)).toBe(false);
});

test("a same-origin link outside any element marked for navigation is left to the browser", () => {
  expect(shouldInterceptLink(click(), anchor(`${ORIGIN}/issues`, {}, false), ORIGIN)).toBe(false);
});

test("an unparseable current origin intercepts nothing", () => {
  expect(shouldInterceptLink(click(), anchor("/issues"), "not a url")).toBe(false);
});
