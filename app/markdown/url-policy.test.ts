import { expect, test } from "vitest";
import { dataImageType, decodeCharacterReferences, isWebUrl, safeUrl, schemeOf } from "./url-policy.ts";

test("http, https, mailto, tel and ftp links are kept as written", () => {
  for (const url of [
    "https://example.com/a?b=c#d",
    "http://example.com",
    "mailto:ada@example.com",
    "tel:+15551234",
    "ftp://files.example.com/x",
  ]) {
    expect(safeUrl(url, "link")).toBe(url);
  }
});

test("relative links, anchors and protocol-relative links are kept", () => {
  for (const url of ["/issue/DEMO-1", "#section", "?preview=pdf-1", "docs/a.md", "//cdn.example.com/x"]) {
    expect(safeUrl(url, "link")).toBe(url);
  }
});

test("javascript:, vbscript: and data: links are refused", () => {
  expect(safeUrl("javascript:alert(1)", "link")).toBeNull();
  expect(safeUrl("vbscript:msgbox(1)", "link")).toBeNull();
  expect(safeUrl("data:text/html,<script>alert(1)</script>", "link")).toBeNull();
});

test("schemes outside the allowlist are refused", () => {
  for (const url of [
    "file:///etc/passwd",
    "blob:https://x/1",
    "chrome://settings",
    "jar:x",
    "view-source:x",
  ]) {
    expect(safeUrl(url, "link"), url).toBeNull();
  }
});

test("a javascript: scheme is recognised in any case", () => {
  expect(safeUrl("JaVaScRiPt:alert(1)", "link")).toBeNull();
});

test("a javascript: scheme is recognised through character references", () => {
  for (const url of [
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "&#0000106avascript:alert(1)",
    "javascript&colon;alert(1)",
    "javascript&#58;alert(1)",
    "&amp;#106;avascript:alert(1)",
  ]) {
    expect(safeUrl(url, "link"), url).toBeNull();
  }
});

test("a javascript: scheme is recognised through whitespace and control characters", () => {
  for (const url of [
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\rscript:alert(1)",
    "\u0000javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java&Tab;script:alert(1)",
    "java&NewLine;script:alert(1)",
    "java\u200bscript:alert(1)",
    "\ufeffjavascript:alert(1)",
  ]) {
    expect(safeUrl(url, "link"), JSON.stringify(url)).toBeNull();
  }
});

test("a javascript: scheme is recognised through percent escapes in the scheme", () => {
  expect(safeUrl("javascript%3Aalert(1)", "link")).toBeNull();
  expect(safeUrl("%6Aavascript:alert(1)", "link")).toBeNull();
});

test("a kept URL loses the blanks and line breaks a browser would drop", () => {
  expect(safeUrl("  https://exa\nmple.com/ ", "link")).toBe("https://example.com/");
});

test("data images of gif, png, jpeg, webp and svg are allowed as images", () => {
  for (const type of ["gif", "png", "jpeg", "webp", "svg+xml"]) {
    const url = `data:image/${type};base64,AAAA`;
    expect(safeUrl(url, "image"), type).toBe(url);
  }
});

test("other data images and data documents are refused as images", () => {
  expect(safeUrl("data:image/bmp;base64,AAAA", "image")).toBeNull();
  expect(safeUrl("data:text/html;base64,PHNjcmlwdD4=", "image")).toBeNull();
  expect(safeUrl("data:application/pdf;base64,AAAA", "image")).toBeNull();
});

test("a data image is not allowed as a link", () => {
  expect(safeUrl("data:image/png;base64,AAAA", "link")).toBeNull();
});

test("images load only over http(s), relatively or from data images", () => {
  expect(safeUrl("/favicon.svg", "image")).toBe("/favicon.svg");
  expect(safeUrl("mailto:a@b", "image")).toBeNull();
  expect(safeUrl("javascript:alert(1)", "image")).toBeNull();
});

test("dataImageType decodes references before deciding", () => {
  expect(dataImageType("data&colon;image/png;base64,AA")).toBe("image/png");
  expect(dataImageType("DATA:IMAGE/GIF,xx")).toBe("image/gif");
  expect(dataImageType("data:image/x-icon,xx")).toBeNull();
});

test("schemeOf returns null for relative URLs and the scheme otherwise", () => {
  expect(schemeOf("/a:b")).toBeNull();
  expect(schemeOf("a/b:c")).toBeNull();
  expect(schemeOf("HTTPS://x")).toBe("https");
  expect(schemeOf("1http:x")).toBe("invalid");
});

test("decodeCharacterReferences decodes numeric and URL-relevant named references", () => {
  expect(decodeCharacterReferences("&#74;&#x61;&colon;&sol;&unknown;&amp")).toBe("Ja:/&unknown;&");
});

test("isWebUrl accepts only http(s) and relative URLs", () => {
  expect(isWebUrl("/demo/a.pdf")).toBe(true);
  expect(isWebUrl("https://x/a.pdf")).toBe(true);
  expect(isWebUrl("ftp://x/a.pdf")).toBe(false);
  expect(isWebUrl("javascript:alert(1)//.pdf")).toBe(false);
});
