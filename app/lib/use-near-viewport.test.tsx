// @vitest-environment jsdom
import { act, useRef } from "react";
import { createRoot } from "react-dom/client";
import { expect, test } from "vitest";
import { NEAR_VIEWPORT, useNearViewport } from "./use-near-viewport.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An IntersectionObserver the test moves by hand. */
function fakeObserver() {
  const observers: FakeObserver[] = [];
  class FakeObserver {
    watched: Element[] = [];
    disconnected = false;
    readonly callback: IntersectionObserverCallback;
    readonly options: IntersectionObserverInit;
    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit) {
      this.callback = callback;
      this.options = options;
      observers.push(this);
    }
    observe(element: Element) {
      this.watched.push(element);
    }
    disconnect() {
      this.disconnected = true;
    }
    enter(isIntersecting: boolean) {
      const entries = this.watched.map((target) => ({ target, isIntersecting }));
      this.callback(
        entries as unknown as IntersectionObserverEntry[],
        this as unknown as IntersectionObserver,
      );
    }
  }
  return { Observer: FakeObserver as unknown as typeof IntersectionObserver, observers };
}

function render(node: React.ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return { container, rerender: (next: React.ReactNode) => act(() => root.render(next)) };
}

function Probe({
  watching,
  Observer,
}: {
  watching: boolean;
  Observer: typeof IntersectionObserver | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, watching, Observer);
  return <div ref={ref}>{near ? "near" : "far"}</div>;
}

test("an element is near once it comes within a screen of the viewport, and stays near", () => {
  const { Observer, observers } = fakeObserver();
  const { container, rerender } = render(<Probe watching={false} Observer={Observer} />);
  // Nothing is watched before the caller asks (the page is not hydrated yet).
  expect(observers).toHaveLength(0);
  rerender(<Probe watching Observer={Observer} />);
  expect(observers).toHaveLength(1);
  expect(observers[0]!.options.rootMargin).toBe(NEAR_VIEWPORT);
  expect(observers[0]!.watched).toEqual([container.firstChild]);
  expect(container.textContent).toBe("far");

  act(() => observers[0]!.enter(false));
  expect(container.textContent).toBe("far");
  act(() => observers[0]!.enter(true));
  expect(container.textContent).toBe("near");
  expect(observers[0]!.disconnected).toBe(true);

  // Once near, it does not watch again.
  rerender(<Probe watching Observer={Observer} />);
  expect(observers).toHaveLength(1);
  expect(container.textContent).toBe("near");
});

test("without IntersectionObserver an element is near as soon as it is watched", () => {
  const { container } = render(<Probe watching Observer={undefined} />);
  expect(container.textContent).toBe("near");
});
