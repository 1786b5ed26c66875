// @vitest-environment jsdom
import type * as React from "react";
import { useLayoutEffect } from "react";
import { flushSync } from "react-dom";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { expect, test, vi } from "vitest";
import { useHydrated } from "./use-hydrated.ts";

// The flags' change during hydration must be a transition: React renders that in slices, where a store's
// change (useSyncExternalStore) would render the whole shell again in one long task.
const transitions = vi.hoisted(() => ({ count: 0 }));
vi.mock("react", async (importOriginal) => {
  const react = await importOriginal<typeof React>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      transitions.count += 1;
      react.startTransition(scope);
    },
  };
});

function Flag({ id }: { id: string }) {
  return <span id={id}>{useHydrated() ? "hydrated" : "server"}</span>;
}

const text = (id: string) => document.getElementById(id)?.textContent;

test("hydration renders what the server did, then turns every flag in a transition of its own", async () => {
  const afterCommit: (string | null | undefined)[] = [];
  function Probe() {
    useLayoutEffect(() => {
      // Runs once the hydration's commit is over: a flag turned synchronously would show by then.
      queueMicrotask(() => afterCommit.push(text("a")));
    }, []);
    return null;
  }
  const Page = () => (
    <div>
      <Flag id="a" />
      <Flag id="b" />
      <Probe />
    </div>
  );
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  expect([text("a"), text("b")]).toEqual(["server", "server"]);
  // A mismatch would be reported here (and fail the test through the console check).
  const recoverable = vi.fn();
  hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
  await vi.waitFor(() => expect([text("a"), text("b")]).toEqual(["hydrated", "hydrated"]));
  expect(afterCommit).toEqual(["server"]);
  expect(transitions.count).toBe(2);
  expect(recoverable).not.toHaveBeenCalled();

  // What mounts afterwards is the browser's alone: hydrated within the same update, before any paint.
  const later = document.createElement("div");
  document.body.append(later);
  flushSync(() => createRoot(later).render(<Flag id="later" />));
  expect(text("later")).toBe("hydrated");
  expect(transitions.count).toBe(2);
});
