import { expect, test } from "vitest";
import { matchWidget, parseWidgetReference, requiredAttributeError } from "./widget-syntax.ts";

test("three colon-separated parts name the app, the widget and the embedding", () => {
  expect(parseWidgetReference(" my-app:chart:emb-1 ")).toEqual({
    ok: true,
    appKey: "my-app",
    widgetKey: "chart",
    embeddingId: "emb-1",
  });
});

test("a missing part gives the required-attribute error for that part", () => {
  expect(parseWidgetReference("")).toEqual({ ok: false, error: requiredAttributeError("app-key") });
  expect(parseWidgetReference("app")).toEqual({ ok: false, error: requiredAttributeError("widget-key") });
  expect(parseWidgetReference("app::emb")).toEqual({
    ok: false,
    error: requiredAttributeError("widget-key"),
  });
  expect(parseWidgetReference("app:w")).toEqual({ ok: false, error: requiredAttributeError("embedding-id") });
  expect(requiredAttributeError("embedding-id")).toBe('Required attribute "embedding-id" is missing');
});

test("more than three parts is an error", () => {
  expect(parseWidgetReference("a:b:c:d").ok).toBe(false);
});

test("a part with characters outside [A-Za-z0-9._-] is an error", () => {
  expect(parseWidgetReference('a:b:"><script>')).toMatchObject({ ok: false });
});

test("the widget syntax is matched at the start of the text", () => {
  expect(matchWidget("{{widget a:b:c}} rest")).toEqual({ raw: "{{widget a:b:c}}", inner: "a:b:c" });
  expect(matchWidget("{{widget}}")).toEqual({ raw: "{{widget}}", inner: "" });
  expect(matchWidget("{{widgets a:b:c}}")).toBeNull();
  expect(matchWidget("x {{widget a:b:c}}")).toBeNull();
});

test("matching an unclosed widget is bounded", () => {
  const src = `{{widget ${" ".repeat(100_000)}`;
  const started = performance.now();
  for (let i = 0; i < 1_000; i++) matchWidget(src);
  expect(performance.now() - started).toBeLessThan(1_000);
});
