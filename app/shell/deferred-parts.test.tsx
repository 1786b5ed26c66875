// @vitest-environment jsdom
import { act, useState, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test, vi } from "vitest";
import type { EagerParts } from "./deferred-parts.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.resetModules();
  document.body.replaceChildren();
});

interface BarProps {
  label: string;
}

function Bar({ label }: BarProps) {
  const [clicks, setClicks] = useState(0);
  return (
    <nav>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {label} {clicks}
      </button>
    </nav>
  );
}

/** A page with the bar as a deferred part whose code arrives when the test says so. */
async function pageWithDeferredBar() {
  // Fresh modules: which parts have hydrated is the page's, kept in the module.
  const { deferredPart, EagerPartsContext } = await import("./deferred-parts.tsx");
  const { usePartsHydrated } = await import("../lib/use-hydrated.ts");
  const code = Promise.withResolvers<ComponentType<BarProps>>();
  const Part = deferredPart("navigation", () => code.promise);
  function Page() {
    const [renders, setRenders] = useState(0);
    const hydrated = usePartsHydrated();
    return (
      <main data-hydrated={hydrated ? "" : undefined}>
        <button type="button" id="render-page" onClick={() => setRenders(renders + 1)}>
          {renders}
        </button>
        <Part label="Issues" />
      </main>
    );
  }
  const html = renderToString(
    // The test's bar stands for the left one.
    <EagerPartsContext value={{ navigation: Bar as unknown as EagerParts["navigation"] }}>
      <Page />
    </EagerPartsContext>,
  );
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  return { html, container, code, Page };
}

test("the server renders a part in place; the browser hydrates it once its code arrives, in place", async () => {
  const { html, container, code, Page } = await pageWithDeferredBar();
  // The part's HTML is in the page, not sent after it for a script to move in.
  expect(html).toContain("<nav><button");
  expect(html).not.toContain("<template");
  const serverBar = container.querySelector("nav");

  await act(async () => {
    hydrateRoot(container, <Page />);
  });
  const main = container.querySelector("main")!;
  expect(container.querySelector("nav")).toBe(serverBar);
  expect(main.hasAttribute("data-hydrated")).toBe(false);

  // An urgent render of the page (a click) before the part has hydrated leaves the server's part alone.
  const renderPage = container.querySelector<HTMLButtonElement>("#render-page")!;
  act(() => renderPage.click());
  expect(renderPage.textContent).toBe("1");
  expect(container.querySelector("nav")).toBe(serverBar);
  expect(serverBar!.textContent).toBe("Issues 0");

  await act(async () => code.resolve(Bar));
  expect(container.querySelector("nav")).toBe(serverBar);
  expect(main.hasAttribute("data-hydrated")).toBe(true);
  // Hydrated: its handlers are React's now.
  await act(async () => serverBar!.querySelector("button")!.click());
  expect(serverBar!.textContent).toBe("Issues 1");
});

test("a part whose code does not load keeps the server's HTML, and the page is not marked hydrated", async () => {
  const { container, code, Page } = await pageWithDeferredBar();
  const { appLogger } = await import("../lib/app-logger.ts");
  const logged = vi.spyOn(appLogger, "error").mockImplementation(() => undefined);
  const serverBar = container.querySelector("nav");
  await act(async () => {
    hydrateRoot(container, <Page />);
  });
  await act(async () => code.reject(new Error("offline")));
  expect(logged).toHaveBeenCalledWith(expect.stringContaining("did not load"), expect.anything());
  expect(container.querySelector("nav")).toBe(serverBar);
  expect(serverBar!.textContent).toBe("Issues 0");
  expect(container.querySelector("main")!.hasAttribute("data-hydrated")).toBe(false);
  logged.mockRestore();
});
