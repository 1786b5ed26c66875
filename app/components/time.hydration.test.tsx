// @vitest-environment jsdom
import { act } from "react";
import { flushSync } from "react-dom";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test, vi } from "vitest";
import type * as Dates from "../lib/dates.ts";

const root = vi.hoisted(() => ({
  language: "en",
  user: { profiles: { general: { timezone: { id: "Europe/Berlin" } } } },
}));
vi.mock("react-router", () => ({ useRouteLoaderData: () => root }));

const NOW = Date.UTC(2026, 10, 27, 12, 0);
const HOUR = 3_600_000;

// Time's formatting, counted: Intl's dates start with it.
const formatting = vi.hoisted(() => ({ count: 0 }));
vi.mock("../lib/dates.ts", async (importOriginal) => {
  const dates = await importOriginal<typeof Dates>();
  const counted =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    (...args: A): R => {
      formatting.count += 1;
      return f(...args);
    };
  return {
    ...dates,
    dateSettingsOf: counted(dates.dateSettingsOf),
    formatPattern: counted(dates.formatPattern),
    formatRelative: counted(dates.formatRelative),
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

test("a hydrated time keeps the server's text without formatting, until the page's clock moves", async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval"] });
  const { Time } = await import("./time.tsx");
  const Page = () => (
    <p>
      <Time value={NOW - 2 * HOUR} />
      <Time value={NOW - 30 * 24 * HOUR} display="date" />
    </p>
  );
  // The server's render: no document there.
  vi.stubGlobal("document", undefined);
  const html = renderToString(<Page />);
  vi.unstubAllGlobals();
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const times = () => [...container.querySelectorAll("time")].map((time) => [time.textContent, time.title]);
  const served = times();
  expect(served).toEqual([
    ["2 hr. ago", "27 Nov 2026 11:00"],
    ["28 Oct 2026", ""],
  ]);

  formatting.count = 0;
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(formatting.count).toBe(0);
  expect(times()).toEqual(served);

  // The clock's tick writes the browser's own text.
  await act(async () => {
    vi.advanceTimersByTime(31 * 60_000);
  });
  expect(formatting.count).toBeGreaterThan(0);
  expect(times()).toEqual([
    ["2 hr. ago", "27 Nov 2026 11:00"],
    ["28 Oct 2026", ""],
  ]);
  await act(async () => {
    vi.advanceTimersByTime(60 * 60_000);
  });
  expect(times()[0]).toEqual(["3 hr. ago", "27 Nov 2026 11:00"]);
});

test("a time that mounts after the page has hydrated is formatted at once", async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval"] });
  const { Time } = await import("./time.tsx");
  const { useHydrated } = await import("../lib/use-hydrated.ts");
  function Hydrated() {
    useHydrated();
    return null;
  }
  const first = document.createElement("div");
  document.body.append(first);
  await act(async () => {
    hydrateRoot(first, <Hydrated />);
  });
  const later = document.createElement("div");
  document.body.append(later);
  act(() => flushSync(() => createRoot(later).render(<Time value={NOW - 5 * 60_000} />)));
  expect(later.querySelector("time")?.textContent).toBe("5 min. ago");
});
