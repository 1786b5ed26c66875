import { expect, test } from "vitest";
import { analyticsLink, bucketCount, bucketScreenWidth, looksPrivate } from "./privacy.ts";

test("counts up to 20 stay, above 20 become many", () => {
  expect(bucketCount(0)).toBe(0);
  expect(bucketCount(20)).toBe(20);
  expect(bucketCount(21)).toBe("many");
  expect(bucketCount(10_000)).toBe("many");
  expect(bucketCount(3.7)).toBe(3);
  expect(bucketCount(-1)).toBe(0);
  expect(bucketCount(Number.NaN)).toBe(0);
});

test("screen widths fall into the buckets at 768, 992, 1200, 1440 and 1920", () => {
  expect(bucketScreenWidth(320)).toBe("<768");
  expect(bucketScreenWidth(767)).toBe("<768");
  expect(bucketScreenWidth(768)).toBe("768-991");
  expect(bucketScreenWidth(991)).toBe("768-991");
  expect(bucketScreenWidth(992)).toBe("992-1199");
  expect(bucketScreenWidth(1200)).toBe("1200-1439");
  expect(bucketScreenWidth(1440)).toBe("1440-1919");
  expect(bucketScreenWidth(1919)).toBe("1440-1919");
  expect(bucketScreenWidth(1920)).toBe(">=1920");
  expect(bucketScreenWidth(5120)).toBe(">=1920");
});

test("links pass the link sanitiser and lose query and fragment", () => {
  expect(analyticsLink("https://keel.example/issue/DEMO-1?token=abc#x")).toBe(
    "https://keel.example/issue/DEMO-1",
  );
  expect(analyticsLink("/issues?q=secret", "https://keel.example")).toBe("https://keel.example/issues");
  expect(analyticsLink("javascript:alert(1)")).toBe("");
  expect(analyticsLink("not a url")).toBe("");
  expect(analyticsLink("data:text/html,hi")).toBe("");
});

test("e-mail addresses and tokens are recognised as private", () => {
  expect(looksPrivate("alice@keel.example")).toBe(true);
  expect(looksPrivate("perm:YWxpY2U=.S2VlbA==.abc")).toBe(true);
  expect(looksPrivate("Bearer abc")).toBe(true);
  expect(looksPrivate("eyJhbGciOiJIUzI1NiJ9eyJzdWIiOiIxMjM0NTY3ODkwIn0")).toBe(true);
  expect(looksPrivate("quick-search")).toBe(false);
  expect(looksPrivate("DEMO")).toBe(false);
});
