import { expect, test } from "vitest";
import { testI18n } from "#tests/helpers/i18n.tsx";
import { matchWidget, widgetErrorText } from "./widget-syntax.ts";
import { parseWidgetReference, type WidgetAttribute } from "#contract/widget-reference.ts";

const required = (attribute: WidgetAttribute) => ({ ok: false, error: { kind: "required", attribute } });

test("three colon-separated parts name the app, the widget and the embedding", () => {
  expect(parseWidgetReference(" my-app:chart:emb-1 ")).toEqual({
    ok: true,
    appKey: "my-app",
    widgetKey: "chart",
    embeddingId: "emb-1",
  });
});

test("a missing part gives the required-attribute error for that part", () => {
  expect(parseWidgetReference("")).toEqual(required("app-key"));
  expect(parseWidgetReference("app")).toEqual(required("widget-key"));
  expect(parseWidgetReference("app::emb")).toEqual(required("widget-key"));
  expect(parseWidgetReference("app:w")).toEqual(required("embedding-id"));
});

test("the required-attribute error names the attribute, in the reader's language", () => {
  const error = { kind: "required", attribute: "embedding-id" } as const;
  expect(widgetErrorText(error, testI18n("en").getFixedT(null, "markdown"))).toBe(
    'Required attribute "embedding-id" is missing',
  );
  const german = widgetErrorText(error, testI18n("de").getFixedT(null, "markdown"));
  expect(german).toContain("embedding-id");
  expect(german).not.toBe('Required attribute "embedding-id" is missing');
});

test("more than three parts is an error", () => {
  expect(parseWidgetReference("a:b:c:d")).toEqual({ ok: false, error: { kind: "tooManyParts" } });
});

test("a part with characters outside [A-Za-z0-9._-] is an error that names the part", () => {
  expect(parseWidgetReference('a:b:"><script>')).toEqual({
    ok: false,
    error: { kind: "invalid", attribute: "embedding-id", value: '"><script>' },
  });
});

test("the widget syntax is matched at the start of the text", () => {
  expect(matchWidget("{{widget a:b:c}} rest")).toEqual({ raw: "{{widget a:b:c}}", inner: "a:b:c" });
  expect(matchWidget("{{widget}}")).toEqual({ raw: "{{widget}}", inner: "" });
  expect(matchWidget("{{widgets a:b:c}}")).toBeNull();
  expect(matchWidget("x {{widget a:b:c}}")).toBeNull();
});

// How long matching takes is measured by tests/bench/markdown.ts.
test("an unclosed widget with a long run of blanks is no widget", () => {
  expect(matchWidget(`{{widget ${" ".repeat(100_000)}`)).toBeNull();
});
