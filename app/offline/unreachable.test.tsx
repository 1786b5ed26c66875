// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import {
  createMemoryRouter,
  data,
  type MiddlewareFunction,
  Outlet,
  RouterProvider,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  useActionData,
  useFetcher,
  useLoaderData,
  useRouteError,
} from "react-router";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type * as Unreachable from "./unreachable.ts";
import type * as ShownPage from "./shown-page.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** How the browser's fetch fails when the network is gone (Chromium's words). */
const networkFailure = () => new TypeError("Failed to fetch");

let module: typeof Unreachable;
let page: typeof ShownPage;
let root: Root;
let container: HTMLElement;
/** What each route's loader does next: give data, or fail. */
let answer: { list: () => unknown; other: () => unknown; action: () => unknown };

beforeEach(async () => {
  vi.resetModules();
  // Fresh module: the page on screen and the banner's state are the page's, kept in the module.
  module = await import("./unreachable.ts");
  page = await import("./shown-page.ts");
  answer = {
    list: () => ({ title: "Issues", version: 1 }),
    other: () => ({ title: "Articles" }),
    action: () => ({ saved: true }),
  };
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function Shell() {
  page.useRememberShownPage();
  const centre = useFetcher<{ title: string }>({ key: "centre" });
  return (
    <>
      <p id="centre">{centre.data?.title ?? "nothing"}</p>
      <Outlet />
    </>
  );
}

function Page() {
  const loaded = useLoaderData<{ title: string; version?: number }>();
  const action = useActionData<{ saved?: boolean } | undefined>();
  return (
    <main>
      <h1>
        {loaded.title} {loaded.version ?? ""}
      </h1>
      <input name="summary" defaultValue="" />
      <p id="action">{action?.saved ? "saved" : "nothing"}</p>
    </main>
  );
}

function ErrorPage() {
  const error = useRouteError();
  return <h1>Something went wrong: {error instanceof Error ? error.message : String(error)}</h1>;
}

async function render() {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        Component: Shell,
        ErrorBoundary: ErrorPage,
        // A framework route's clientMiddleware is typed by its results; a data router's route is not.
        middleware: [page.keepPageWhenUnreachable as MiddlewareFunction],
        loader: () => ({ shell: true }),
        children: [
          {
            id: "list",
            path: "issues",
            Component: Page,
            ErrorBoundary: ErrorPage,
            loader: () => answer.list(),
            action: () => answer.action(),
          },
          { id: "other", path: "articles", Component: Page, loader: () => answer.other() },
        ],
      },
    ],
    { initialEntries: ["/issues?q=open"] },
  );
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
  await vi.waitFor(() => expect(heading()).toBe("Issues 1"));
  return router;
}

/** These parts' next answers fail as a fetch without a connection does. */
function cut(...parts: (keyof typeof answer)[]) {
  for (const part of parts) {
    answer[part] = () => {
      throw networkFailure();
    };
  }
}

/** A write the person did not ask for. */
function quietForm() {
  const form = new FormData();
  form.set(page.QUIET_WRITE_FIELD, "1");
  return form;
}

const heading = () => container.querySelector("h1")?.textContent ?? "";
const centre = () => container.querySelector("#centre")?.textContent ?? "";

async function settle(work: () => Promise<unknown>) {
  await act(async () => {
    await work();
  });
}

test("a read of the page on screen that cannot reach the server keeps what the page shows", async () => {
  const router = await render();
  cut("list");
  await settle(() => router.revalidate());
  expect(heading()).toBe("Issues 1");
  expect(module.currentTrouble()).toEqual({ stale: true, notSaved: false });

  // The next read that answers shows its data, and the banner's notice goes.
  answer.list = () => ({ title: "Issues", version: 2 });
  await settle(() => router.revalidate());
  expect(heading()).toBe("Issues 2");
  expect(module.currentTrouble()).toEqual({ stale: false, notSaved: false });
});

test("a link whose page cannot be read leaves the person on the page they were on", async () => {
  const router = await render();
  cut("other", "list");
  await settle(() => router.navigate("/articles"));
  await vi.waitFor(() => expect(router.state.navigation.state).toBe("idle"));
  expect(router.state.location.pathname + router.state.location.search).toBe("/issues?q=open");
  expect(heading()).toBe("Issues 1");
  expect(module.currentTrouble().stale).toBe(true);
  // Staying did not add an entry to the history: Back leaves the page as before.
  expect(router.state.historyAction).toBe("REPLACE");
});

test("a change that cannot be sent keeps the form and what was typed, and says it was not saved", async () => {
  const router = await render();
  const input = container.querySelector("input")!;
  input.value = "Typed before the network went";
  // As React Router's single fetch gives an action's failure: wrapped with its status.
  answer.action = () => {
    throw data(networkFailure());
  };
  cut("list");
  await settle(() =>
    router.navigate("/issues?q=open", {
      formMethod: "post",
      formData: new FormData(),
      preventScrollReset: true,
    }),
  );
  await vi.waitFor(() => expect(router.state.navigation.state).toBe("idle"));
  expect(heading()).toBe("Issues 1");
  expect(container.querySelector("input")).toBe(input);
  expect(input.value).toBe("Typed before the network went");
  expect(container.querySelector("#action")?.textContent).toBe("nothing");
  expect(module.currentTrouble()).toEqual({ stale: true, notSaved: true });

  // Sent again once the server answers: saved, and the notice goes.
  answer.action = () => ({ saved: true });
  answer.list = () => ({ title: "Issues", version: 3 });
  await settle(() => router.navigate("/issues?q=open", { formMethod: "post", formData: new FormData() }));
  await vi.waitFor(() => expect(heading()).toBe("Issues 3"));
  expect(container.querySelector("#action")?.textContent).toBe("saved");
  expect(module.currentTrouble()).toEqual({ stale: false, notSaved: false });
});

test("the notice of a change not saved goes when the person leaves its page", async () => {
  const router = await render();
  cut("action");
  await settle(() => router.navigate("/issues?q=open", { formMethod: "post", formData: new FormData() }));
  await vi.waitFor(() => expect(module.currentTrouble().notSaved).toBe(true));
  await settle(() => router.navigate("/articles"));
  await vi.waitFor(() => expect(heading()).toBe("Articles "));
  expect(module.currentTrouble().notSaved).toBe(false);
});

test("a balancer with no server behind it counts as unreachable; Keel's own errors still show", async () => {
  const router = await render();
  // HAProxy's 503 page, as React Router's single fetch throws an answer that is not its own: the text as data.
  answer.list = () => {
    throw new ErrorResponseImpl(
      503,
      "Service Unavailable",
      "<html><body><h1>503 Service Unavailable</h1></body></html>",
    );
  };
  await settle(() => router.revalidate());
  expect(heading()).toBe("Issues 1");

  // A server's error with its structured body is the page's to show.
  answer.list = () => {
    throw new ErrorResponseImpl(503, "Service Unavailable", { kind: "backendUnavailable" });
  };
  await settle(() => router.revalidate());
  expect(heading()).toMatch(/^Something went wrong/);
});

test("an error that is not the network's shows the error page as before", async () => {
  const router = await render();
  answer.list = () => {
    throw new TypeError("Cannot read properties of undefined (reading 'title')");
  };
  await settle(() => router.revalidate());
  expect(heading()).toBe("Something went wrong: Cannot read properties of undefined (reading 'title')");
  expect(module.currentTrouble().stale).toBe(false);
});

test("isUnreachable knows each browser's words for a fetch without an answer", () => {
  for (const message of [
    "Failed to fetch",
    "NetworkError when attempting to fetch resource.",
    "Load failed",
    "fetch failed",
  ]) {
    expect(module.isUnreachable(new TypeError(message)), message).toBe(true);
  }
  expect(module.isUnreachable(new Error("Failed to fetch"))).toBe(false);
  expect(module.isUnreachable(new DOMException("The user aborted a request.", "AbortError"))).toBe(false);
});

test("a write the person did not ask for fails without a word, and without the error page", async () => {
  const router = await render();
  cut("action");
  const quiet = quietForm();
  await settle(() => router.navigate("/issues?q=open", { formMethod: "post", formData: quiet }));
  await vi.waitFor(() => expect(router.state.navigation.state).toBe("idle"));
  expect(heading()).toBe("Issues 1");
  expect(module.currentTrouble().notSaved).toBe(false);
});

test("a fetcher's read of another address that cannot reach the server gives nothing, not the error page", async () => {
  const router = await render();
  cut("other", "list");
  await settle(() => router.fetch("centre", "root", "/articles"));
  await vi.waitFor(() => expect(router.getFetcher("centre").state).toBe("idle"));
  await vi.waitFor(() => expect(router.state.navigation.state).toBe("idle"));
  expect(centre()).toBe("nothing");
  expect(router.state.errors).toBeNull();
  expect(router.state.location.pathname).toBe("/issues");
  expect(heading()).toBe("Issues 1");
  expect(module.currentTrouble().stale).toBe(true);
});

test("a fetcher read again after a change, once the network has gone, leaves the page as it was", async () => {
  const router = await render();
  await settle(() => router.fetch("centre", "root", "/articles"));
  await vi.waitFor(() => expect(centre()).toBe("Articles"));
  cut("list", "other", "action");
  const quiet = quietForm();
  await settle(() => router.navigate("/issues?q=open", { formMethod: "post", formData: quiet }));
  await vi.waitFor(() => expect(router.state.navigation.state).toBe("idle"));
  await vi.waitFor(() => expect(router.getFetcher("centre").state).toBe("idle"));
  expect(router.state.errors).toBeNull();
  expect(heading()).toBe("Issues 1");
  expect(module.currentTrouble()).toEqual({ stale: true, notSaved: false });
});

test("until the keeper has come with the banner's chunk, results pass as they are", async () => {
  vi.resetModules();
  page = await import("./shown-page.ts");
  const router = await render();
  cut("list");
  await settle(() => router.revalidate());
  expect(heading()).toBe("Something went wrong: Failed to fetch");
});

test("a quiet write that is sent leaves the notice of a change not saved", async () => {
  const router = await render();
  cut("action");
  await settle(() => router.navigate("/issues?q=open", { formMethod: "post", formData: new FormData() }));
  await vi.waitFor(() => expect(module.currentTrouble().notSaved).toBe(true));
  answer.action = () => ({ saved: false });
  const quiet = quietForm();
  await settle(() => router.navigate("/issues?q=open", { formMethod: "post", formData: quiet }));
  await vi.waitFor(() => expect(router.state.navigation.state).toBe("idle"));
  expect(module.currentTrouble().notSaved).toBe(true);
});
